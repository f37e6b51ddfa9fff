import type { InvoiceSeller } from './document-parts';
import { checkRequisites } from './requisites';

/**
 * INVOICE_SELLER: our company as a JSON object with the requisites fields (inn, kpp, name,
 * legal_address, postal_address, ogrn, bik, bank_name, account, correspondent_account) plus
 * `vat_rate` (null or a percentage) and optionally `director_name`, `accountant_name`. Checked
 * like a buyer's details; a mistake stops start-up with the field named.
 */
export function sellerFromConfig(text: string | undefined): InvoiceSeller | undefined {
  if (!text) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('INVOICE_SELLER: must be a JSON object');
  }
  const checked = checkRequisites(parsed);
  if (!checked.ok) throw new Error(`INVOICE_SELLER: check ${Object.keys(checked.fields).join(', ')}`);
  const extra = parsed as { vat_rate?: unknown; director_name?: unknown; accountant_name?: unknown };
  const vat = extra.vat_rate;
  if (vat !== undefined && vat !== null && (typeof vat !== 'number' || vat < 0 || vat >= 100)) {
    throw new Error('INVOICE_SELLER: vat_rate must be null or a percentage');
  }
  const name = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  return {
    ...checked.value,
    vat_rate: typeof vat === 'number' ? vat : null,
    director_name: name(extra.director_name),
    accountant_name: name(extra.accountant_name),
  };
}
