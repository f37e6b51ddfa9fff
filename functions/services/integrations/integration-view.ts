import type { Integration } from '../../../db/schema';
import { integrationKind, isBuiltIntegrationType } from '../../shared/integration-types';

/**
 * The server's own mark in connection_data: when the connector last succeeded. Clients cannot set
 * it (saving strips it); reset removes it.
 */
export const CONNECTED_AT = 'connected_at';

/**
 * Fields only the server writes: the connection mark and what a connector learned on connecting
 * (Telegram's webhook secret and bot). Saving never takes them from a client and keeps the stored
 * ones; reset removes them.
 */
export const SERVER_CONNECTION_FIELDS: readonly string[] = [
  CONNECTED_AT,
  'webhook_secret',
  'bot_id',
  'bot_username',
  'bot_name',
];

/** Credentials: the API never answers them in full (ARCHITECTURE §4, secrets stay on the server). */
export const SECRET_CONNECTION_FIELDS: readonly string[] = ['token', 'webhook_secret', 'api_key', 'password'];

/** Secrets the owner never typed (the server made them): not shown even in part. */
const HIDDEN_CONNECTION_FIELDS: readonly string[] = ['webhook_secret'];

const MASK = '••••';
/** Shorter secrets are shown as the mask alone: their last four characters would give too much away. */
const MIN_PARTLY_SHOWN = 12;

/** A secret as the API shows it: the mask and, for a long one, its last four characters. */
export const maskSecret = (value: string): string =>
  value.length >= MIN_PARTLY_SHOWN ? `${MASK}${value.slice(-4)}` : MASK;

export const isConnected = (row: Integration): boolean =>
  typeof row.connectionData[CONNECTED_AT] === 'string';

const isSecret = (key: string) => SECRET_CONNECTION_FIELDS.includes(key);
const isServerField = (key: string) => SERVER_CONNECTION_FIELDS.includes(key);

/** A secret the client sent back unchanged: left out, blank, or (a form of) its mask. */
const keepsStored = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (typeof value === 'string' && value.startsWith(MASK));

/**
 * connection_data as a client may write it: without the server's fields. With `stored` (the saved
 * row's data), a secret the client left out, blank or masked keeps its stored value, and a new value
 * replaces it; a secret that was never stored is not saved as its mask.
 */
export function clientConnectionData(
  data: Record<string, unknown>,
  stored: Record<string, unknown> = {},
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (isServerField(key) || (isSecret(key) && keepsStored(value))) continue;
    result[key] = value;
  }
  for (const key of SECRET_CONNECTION_FIELDS) {
    if (isServerField(key) || stored[key] === undefined || !keepsStored(data[key])) continue;
    result[key] = stored[key];
  }
  return result;
}

/** The server's fields of stored connection_data, to keep across a client's save. */
export const serverConnectionData = (stored: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(stored).filter(([key]) => isServerField(key)));

/** Whether a save changes a credential (a new bot token): the old connection no longer holds. */
export const changesSecrets = (stored: Record<string, unknown>, next: Record<string, unknown>): boolean =>
  SECRET_CONNECTION_FIELDS.some((key) => !isServerField(key) && stored[key] !== next[key]);

/** connection_data as the API answers it: secrets masked, the server's own secrets left out. */
export function connectionDataView(data: Record<string, unknown>): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (HIDDEN_CONNECTION_FIELDS.includes(key)) continue;
    view[key] = isSecret(key) && value !== null && value !== undefined ? maskSecret(String(value)) : value;
  }
  return view;
}

/** An integration as the API answers it: SPEC §3 fields plus its state and how the screen groups it. */
export const integrationView = (row: Integration) => ({
  id: row.id,
  type: row.type,
  integration_account_id: row.integrationAccountId,
  connection_data: connectionDataView(row.connectionData),
  activated: row.activated,
  connected: isConnected(row),
  kind: integrationKind(row.type),
  available: isBuiltIntegrationType(row.type),
  created_at: row.createdAt.toISOString(),
});

export type IntegrationView = ReturnType<typeof integrationView>;
