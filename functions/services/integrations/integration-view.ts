import type { Integration, IntegrationType } from '../../../db/schema';
import { MIN_TAIL_SHOWN, sealConnectionData } from '../../integrations/connection-secrets';
import { moduleFor } from '../../integrations/registry';
import type { AppSettings } from '../../ports';
import { isSealed, openSecret, SecretUnreadable } from '../../secrets/secret-box';
import {
  CONNECTED_AT,
  connectionFields,
  describeIntegration,
  serverFields,
} from '../../shared/integration-catalogue';

export { CONNECTED_AT };

const MASK = '••••';

/** A plain secret as the API shows it: the mask and, for a long one, its last four characters. */
export const maskSecret = (value: string): string =>
  value.length >= MIN_TAIL_SHOWN ? `${MASK}${value.slice(-4)}` : MASK;

/** A stored credential as the API shows it, sealed or (from before encryption) plain. */
function maskStored(value: unknown): string {
  if (isSealed(value)) return `${MASK}${value.tail ?? ''}`;
  return typeof value === 'string' ? maskSecret(value) : MASK;
}

/** An integration is connected once the server has marked its connection_data with CONNECTED_AT. */
export const isConnected = (row: Pick<Integration, 'connectionData'>): boolean =>
  typeof row.connectionData[CONNECTED_AT] === 'string';

/** A credential the client sent back unchanged: left out, blank, (a form of) its mask, or not text. */
const keepsStored = (value: unknown) =>
  !(typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) ||
  value === '' ||
  (typeof value === 'string' && value.startsWith(MASK));

/**
 * connection_data as a client may write it: the type's settings and credentials, nothing else. With
 * `stored` (the saved row's data), a setting the client left out keeps its stored value, and so does
 * a credential left out, blank or masked; a new one replaces it (as text, sealed when written); the server's fields are never
 * taken from a client.
 */
export function clientConnectionData(
  type: IntegrationType,
  data: Record<string, unknown>,
  stored: Record<string, unknown> = {},
): Record<string, unknown> {
  const { settings, credentials } = connectionFields(type);
  const result: Record<string, unknown> = {};
  for (const field of settings) {
    const value = data[field] !== undefined ? data[field] : stored[field];
    if (value !== undefined) result[field] = value;
  }
  for (const field of credentials) {
    const value = data[field];
    if (!keepsStored(value)) result[field] = String(value);
    else if (stored[field] !== undefined && stored[field] !== null) result[field] = stored[field];
  }
  return result;
}

/**
 * connection_data once the connection is let go of: what the owner set stays (sealed), what
 * connecting learned and made (tokens, the webhook secret, the connection mark) goes.
 */
export const forgottenConnectionData = (
  secretsKey: string,
  row: Pick<Integration, 'type' | 'connectionData'>,
) =>
  sealConnectionData(
    secretsKey,
    row.type,
    clientConnectionData(row.type, row.connectionData, row.connectionData),
  );

/** The server's fields of stored connection_data, to keep across a client's save. */
export function serverConnectionData(
  type: IntegrationType,
  stored: Record<string, unknown>,
): Record<string, unknown> {
  const fields = serverFields(type);
  return Object.fromEntries(Object.entries(stored).filter(([key]) => fields.includes(key)));
}

/** Whether a stored credential (sealed or plain) is `next`, a credential as a client wrote it. */
async function sameCredential(keyText: string, field: string, stored: unknown, next: unknown) {
  if (stored === next) return true;
  if (typeof next !== 'string' || !isSealed(stored)) return false;
  try {
    return (await openSecret(keyText, `connection_data.${field}`, stored)) === next;
  } catch (error) {
    // One that no longer opens is replaced by whatever comes: that is how a lost key is recovered from.
    if (error instanceof SecretUnreadable) return false;
    throw error;
  }
}

/**
 * Whether a save changes a credential (a new bot token) or a setting naming the external account
 * (another Wappi profile): the old connection no longer holds.
 */
export async function changesCredentials(
  keyText: string,
  type: IntegrationType,
  stored: Record<string, unknown>,
  next: Record<string, unknown>,
): Promise<boolean> {
  const { credentials, identity = [] } = connectionFields(type);
  if (identity.some((field) => stored[field] !== next[field])) return true;
  for (const field of credentials) {
    if (!(await sameCredential(keyText, field, stored[field], next[field]))) return true;
  }
  return false;
}

/**
 * connection_data as the API answers it, by the type's allow-list: settings and what connecting
 * learned as stored, credentials masked; the server's own secrets and any field no list names are
 * left out.
 */
export function connectionDataView(
  type: IntegrationType,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const { settings, credentials, learned } = connectionFields(type);
  const view: Record<string, unknown> = {};
  for (const field of [...settings, ...learned, CONNECTED_AT]) {
    if (data[field] !== undefined) view[field] = data[field];
  }
  for (const field of credentials) {
    const value = data[field];
    if (value !== undefined) view[field] = value === null ? null : maskStored(value);
  }
  return view;
}

/** An integration as the API answers it: SPEC §3 fields plus its state and how the screen groups it. */
export const integrationView = (row: Integration) => ({
  id: row.id,
  type: row.type,
  integration_account_id: row.integrationAccountId,
  connection_data: connectionDataView(row.type, row.connectionData),
  activated: row.activated,
  connected: isConnected(row),
  kind: describeIntegration(row.type).kind,
  available: describeIntegration(row.type).built,
  created_at: row.createdAt.toISOString(),
});

/**
 * The view the integrations screen reads: a type with an OAuth application says whether the server
 * has it configured (`configured`); one connected on a consent page says so (`consent_page`: the
 * page's address, with a fresh single-use state, comes from POST /api/integrations/{id}/consent).
 */
export type IntegrationView = ReturnType<typeof integrationView> & {
  consent_page?: boolean;
  configured?: boolean;
};

export function integrationPageView(settings: AppSettings, row: Integration): IntegrationView {
  const view: IntegrationView = integrationView(row);
  if (describeIntegration(row.type).oauthClientVariables)
    view.configured = Boolean(settings.oauthClients?.[row.type]);
  // A type whose consent is only one way in (Calendly's) keeps its own connect button.
  if (moduleFor(row.type)?.authorizeUrl && !describeIntegration(row.type).oauthOptional)
    view.consent_page = true;
  return view;
}
