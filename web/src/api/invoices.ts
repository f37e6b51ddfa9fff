import { api, toApiError } from './client';
import type { Transaction } from './payments';
import { getToken } from './session';
import { useApi } from './swr';

/** SPEC §3 invoice organization details, as the form edits them (every value a string). */
export interface Requisites {
  inn: string;
  kpp: string;
  name: string;
  legal_address: string;
  postal_address: string;
  ogrn: string;
  bik: string;
  bank_name: string;
  account: string;
  correspondent_account: string;
}

export const REQUISITES_FIELDS = [
  'inn',
  'kpp',
  'name',
  'ogrn',
  'legal_address',
  'postal_address',
  'bik',
  'bank_name',
  'correspondent_account',
  'account',
] as const satisfies readonly (keyof Requisites)[];

/** GET /api/payment/requisites: the details last invoiced with, and whether suggestions work. */
export interface RequisitesAnswer {
  requisites: Partial<Record<keyof Requisites, string | null>> | null;
  available: boolean;
  suggestions: boolean;
}

export interface PartySuggestion {
  inn: string;
  kpp: string | null;
  ogrn: string | null;
  name: string;
  legal_address: string | null;
}

export interface BankSuggestion {
  bik: string;
  name: string;
  correspondent_account: string | null;
}

export const useRequisites = (enabled: boolean) =>
  useApi<RequisitesAnswer>(enabled ? '/api/payment/requisites' : null, { revalidateOnMount: true });

export const suggestParties = (inn: string) =>
  api<{ suggestions: PartySuggestion[] }>(
    'GET',
    `/api/payment/suggest/party?query=${encodeURIComponent(inn)}`,
  );

export const suggestBanks = (bik: string) =>
  api<{ suggestions: BankSuggestion[] }>('GET', `/api/payment/suggest/bank?query=${encodeURIComponent(bik)}`);

/** POST /api/payment/invoice: a numbered invoice as a "not paid" transaction, its PDF at invoice_url. */
export const createInvoice = (amount_minor: number, requisites: Requisites) =>
  api<{ transaction: Transaction; invoice_url: string }>('POST', '/api/payment/invoice', {
    amount_minor,
    requisites,
  });

const filenameOf = (disposition: string | null, fallback: string) =>
  /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? fallback;

/**
 * Downloads a document the API serves behind the bearer token (an invoice or an act PDF): fetched as
 * a blob with the token, then saved through a temporary link, since a bare link would carry no token.
 */
export async function downloadDocument(path: string, fallbackName: string): Promise<void> {
  const token = getToken();
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    throw toApiError(response.status, body);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = decodeURIComponent(filenameOf(response.headers.get('content-disposition'), fallbackName));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
