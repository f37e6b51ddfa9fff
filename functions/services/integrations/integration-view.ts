import type { Integration } from '../../../db/schema';
import { integrationKind, isBuiltIntegrationType } from '../../shared/integration-types';

/**
 * The server's own mark in connection_data: when the connector last succeeded. Clients cannot set
 * it (saving strips it); reset removes it.
 */
export const CONNECTED_AT = 'connected_at';

export const isConnected = (row: Integration): boolean =>
  typeof row.connectionData[CONNECTED_AT] === 'string';

/** connection_data as a client sent it, without the server's mark. */
export function clientConnectionData(data: Record<string, unknown>): Record<string, unknown> {
  const { [CONNECTED_AT]: _mark, ...rest } = data;
  return rest;
}

/** An integration as the API answers it: SPEC §3 fields plus its state and how the screen groups it. */
export const integrationView = (row: Integration) => ({
  id: row.id,
  type: row.type,
  integration_account_id: row.integrationAccountId,
  connection_data: row.connectionData,
  activated: row.activated,
  connected: isConnected(row),
  kind: integrationKind(row.type),
  available: isBuiltIntegrationType(row.type),
  created_at: row.createdAt.toISOString(),
});

export type IntegrationView = ReturnType<typeof integrationView>;
