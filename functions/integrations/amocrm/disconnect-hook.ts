import type { AppSettings } from '../../ports';
import { AMO_TYPES, type AmoType } from '../../shared/amocrm';
import { hmacHex } from '../../shared/hmac-hex';
import { timingSafeEqual } from '../../shared/same-secret';

/**
 * amoCRM's "integration disconnected" hook (reference/crm.md §1.2): a GET to the address set in the
 * integration's settings with `client_uuid` (also `client_id`), `account_id` and `signature` =
 * hex HMAC-SHA256(client_secret, "{client_uuid}|{account_id}"). The grant is revoked by then.
 */

/** The host and account the hook names, when its signature is right; null otherwise. */
export async function readAmoDisconnectHook(
  settings: AppSettings,
  query: (name: string) => string | undefined,
): Promise<{ type: AmoType; accountId: string } | null> {
  const clientId = query('client_uuid') ?? query('client_id');
  const accountId = query('account_id');
  const signature = query('signature')?.toLowerCase();
  if (!clientId || !accountId || !/^\d{1,18}$/.test(accountId) || !signature) return null;
  for (const type of AMO_TYPES) {
    const client = settings.oauthClients?.[type];
    if (client?.id !== clientId) continue;
    const expected = hmacHex(client.secret, `${clientId}|${accountId}`);
    const encoder = new TextEncoder();
    if (timingSafeEqual(encoder.encode(signature), encoder.encode(expected))) return { type, accountId };
  }
  return null;
}
