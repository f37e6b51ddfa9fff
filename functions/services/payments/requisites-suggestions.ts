import { createDadataClient, DadataError } from '../../payments/invoice/dadata';
import type { AccountContext } from '../context';

/**
 * Suggestions for the invoice form by INN (a company) or BIK (a bank) from DaData, through us so the
 * key stays on the server. Without a key, or when DaData fails (quota, timeout), the answer is an
 * empty list saying so; the form is filled by hand then.
 */
export async function suggestRequisites(ctx: AccountContext, what: 'party' | 'bank', query: string) {
  const dadata = ctx.settings.dadata;
  if (!dadata) return { suggestions: [], available: false };
  const client = createDadataClient({ apiKey: dadata.apiKey, apiRoot: dadata.apiRoot });
  try {
    if (what === 'party') {
      const parties = await client.findParty(query);
      return {
        available: true,
        suggestions: parties.map(({ inn, kpp, ogrn, name, legal_address, status }) => ({
          inn,
          kpp,
          ogrn,
          name,
          legal_address,
          status,
        })),
      };
    }
    const banks = await client.findBank(query);
    return {
      available: true,
      suggestions: banks.map(({ bik, name, correspondent_account }) => ({
        bik,
        name,
        correspondent_account,
      })),
    };
  } catch (error) {
    if (!(error instanceof DadataError)) throw error;
    console.warn(`dadata ${what}: ${error.kind}`);
    return { suggestions: [], available: false };
  }
}
