import type { Currency } from '../../../functions/shared/constants';
import { api } from './client';
import { useApi } from './swr';

/** GET /api/partner/clients item (functions/services/partner/client-view.ts clientView). */
export interface PartnerClient {
  id: string;
  name: string;
  email: string;
  currency: Currency;
  /** In the client's own currency, minor units. */
  balance: number;
  bots_on: number;
  last_activity_at: string | null;
  /** The end of its paid subscription (running or bought ahead); null without one. */
  subscription_expires_at: string | null;
  /** The end of its demo period, shown while it has no paid subscription. */
  demo_till: string;
  created_at: string;
}

export interface PartnerClientsPage {
  clients: PartnerClient[];
  page: number;
  per_page: number;
  total: number;
}

export interface NewClient {
  name: string;
  email: string;
  currency: Currency;
}

/** POST /api/partner/clients/{id}/session: the client's session the partner switches into (SPEC §4). */
export interface ClientSession {
  token: string;
  expires_at: string;
  account: { id: string; name: string };
}

export const CLIENTS_PATH = '/api/partner/clients';

const clientsPath = (q: string, page: number) => {
  const query = new URLSearchParams({ page: String(page) });
  if (q) query.set('q', q);
  return `${CLIENTS_PATH}?${query}`;
};

/** One page of the partner's clients, found by name or e-mail; nothing is asked for a non-partner. */
export const usePartnerClients = (query: { q: string; page: number } | null) =>
  useApi<PartnerClientsPage>(query ? clientsPath(query.q, query.page) : null);

export const createClient = (body: NewClient) => api<PartnerClient>('POST', CLIENTS_PATH, body);

export const openClientSession = (clientId: string) =>
  api<ClientSession>('POST', `${CLIENTS_PATH}/${encodeURIComponent(clientId)}/session`);
