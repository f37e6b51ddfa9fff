import { createDadataClient, DadataError } from '../../payments/invoice/dadata';
import { hit, type Limit } from '../auth/rate-limit';
import type { AccountContext } from '../context';

/** DaData lookups per account; each costs the operator's daily quota. Answers from the cache are free. */
export const SUGGESTION_LIMIT: Limit = { scope: 'dadata:account', max: 30, windowSeconds: 10 * 60 };
/** How long one answer is reused: a company's or a bank's details change rarely. */
export const SUGGESTION_CACHE_SECONDS = 24 * 60 * 60;

type What = 'party' | 'bank';

async function lookUp(apiKey: string, apiRoot: string | undefined, what: What, query: string) {
  const client = createDadataClient({ apiKey, apiRoot });
  if (what === 'party') {
    const parties = await client.findParty(query);
    return parties.map(({ inn, kpp, ogrn, name, legal_address, status }) => ({
      inn,
      kpp,
      ogrn,
      name,
      legal_address,
      status,
    }));
  }
  const banks = await client.findBank(query);
  return banks.map(({ bik, name, correspondent_account }) => ({ bik, name, correspondent_account }));
}

type Suggestions = Awaited<ReturnType<typeof lookUp>>;

/**
 * Suggestions for the invoice form by INN (a company) or BIK (a bank) from DaData, through us so the
 * key stays on the server. The same query is asked once a day (cached for everyone: the details are
 * public), and each account may ask only so often. Without a key, or when DaData fails (quota,
 * timeout), the answer is an empty list saying so; the form is filled by hand then.
 */
export async function suggestRequisites(ctx: AccountContext, what: What, query: string) {
  const dadata = ctx.settings.dadata;
  if (!dadata) return { suggestions: [], available: false };
  const { kv } = ctx.ports;
  const cacheKey = `dadata:${what}:${query}`;
  const cached = await kv.get(cacheKey);
  if (cached !== null) return { available: true, suggestions: JSON.parse(cached) as Suggestions };
  await hit(kv, SUGGESTION_LIMIT, ctx.account.id);
  try {
    const suggestions = await lookUp(dadata.apiKey, dadata.apiRoot, what, query);
    await kv.set(cacheKey, JSON.stringify(suggestions), { ttlSeconds: SUGGESTION_CACHE_SECONDS });
    return { available: true, suggestions };
  } catch (error) {
    if (!(error instanceof DadataError)) throw error;
    console.warn(`dadata ${what}: ${error.kind}`);
    return { suggestions: [], available: false };
  }
}
