import type { Integration, IntegrationType } from '../../db/schema';
import { isSealed, openSecret, sealSecret } from '../secrets/secret-box';
import { connectionFields, encryptedFields } from '../shared/integration-catalogue';

/**
 * The encrypted fields of connection_data (functions/shared/connection-fields.ts). Every write seals
 * them; only the code that must use a secret (sending through the bot, checking a webhook) opens
 * one. Rows written before encryption hold plain text: it is still read, and sealed on the next write.
 */

const label = (field: string) => `connection_data.${field}`;

/** Credentials shorter than this show no tail in their mask: the last four would give too much away. */
export const MIN_TAIL_SHOWN = 12;

const tailOf = (plain: string) => (plain.length >= MIN_TAIL_SHOWN ? plain.slice(-4) : undefined);

/** Credentials a person chose (a password): no part of them is ever shown back. */
const NEVER_TAILED = new Set(['password']);

/** connection_data as stored: every encrypted field sealed; anything else in one of them dropped. */
export async function sealConnectionData(
  keyText: string,
  type: IntegrationType,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const sealed: Record<string, unknown> = { ...data };
  const { credentials } = connectionFields(type);
  for (const field of encryptedFields(type)) {
    const value = data[field];
    if (value === undefined || isSealed(value)) continue;
    if (typeof value !== 'string' || value === '') {
      delete sealed[field];
      continue;
    }
    const tail = credentials.includes(field) && !NEVER_TAILED.has(field) ? tailOf(value) : undefined;
    sealed[field] = await sealSecret(keyText, label(field), value, tail);
  }
  return sealed;
}

/**
 * The plain text of an encrypted field; null when there is none. Throws SecretUnreadable when a
 * sealed value does not open under the key: the caller fails closed.
 */
export async function openConnectionSecret(
  keyText: string,
  integration: Pick<Integration, 'connectionData'>,
  field: string,
): Promise<string | null> {
  const value = integration.connectionData[field];
  if (typeof value === 'string') return value === '' ? null : value;
  return isSealed(value) ? openSecret(keyText, label(field), value) : null;
}
