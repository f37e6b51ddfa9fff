import type { Integration } from '../../../db/schema';
import type { AppSettings } from '../../ports';
import { type AmoType, amoAccountDomain } from '../../shared/amocrm';
import { apiRootFor } from '../module';

/**
 * Where an amoCRM / Kommo integration's calls go (reference/crm.md §1.1): the account's own domain
 * for the API and the token endpoint, the host's www site for the consent page. AMOCRM_API_ROOT /
 * KOMMO_API_ROOT (settings.apiRoots) replace both (a proxy, a test's fake).
 */

const CONSENT_ROOTS: Record<AmoType, string> = {
  amocrm: 'https://www.amocrm.ru',
  kommo: 'https://www.kommo.com',
};

/** The route the consent page returns to (SPEC §2 /amo/install), registered as the Redirect URI. */
export const amoRedirectUri = (settings: AppSettings) =>
  `${settings.publicUrl.replace(/\/+$/, '')}/amo/install`;

/** The OAuth application of the host, when configured. */
export const amoOAuthClient = (settings: AppSettings, type: AmoType) => settings.oauthClients?.[type] ?? null;

/** The account's domain the integration was connected with, when it is one of the host's. */
export const amoDomainOf = (integration: Pick<Integration, 'type' | 'connectionData'>) =>
  amoAccountDomain(integration.type as AmoType, integration.connectionData.referer);

/** The root of the account's API and token endpoint. */
export const amoAccountBase = (settings: AppSettings, type: AmoType, domain: string) =>
  apiRootFor(settings, type, `https://${domain}`);

/**
 * The consent page the owner is sent to (reference §1.2); `state` (consent.ts) brings the consent
 * back to /amo/install. Null while the host's OAuth application is not configured.
 */
export function amoAuthorizeUrl(
  settings: AppSettings,
  integration: Pick<Integration, 'type'>,
  state: string,
): string | null {
  const type = integration.type as AmoType;
  const client = amoOAuthClient(settings, type);
  if (!client) return null;
  const query = new URLSearchParams({ client_id: client.id, state, mode: 'post_message' });
  return `${apiRootFor(settings, type, CONSENT_ROOTS[type])}/oauth?${query}`;
}

/** A learned string of connection_data, or null. */
export const learned = (integration: Pick<Integration, 'connectionData'>, field: string): string | null => {
  const value = integration.connectionData[field];
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
};
