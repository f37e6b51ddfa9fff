import type { Integration } from '../../../db/schema';
import { moduleFor } from '../../integrations/registry';
import type { AccountContext } from '../context';
import { isConnected } from './integration-view';

/**
 * Lets the external system go of a connected integration (reset, delete, new credentials). Best
 * effort: the external side may be gone already or refuse (a revoked token), and that must never
 * keep the owner from resetting or deleting, so a failure is logged and the caller goes on.
 * An integration that is not connected is left alone: its settings may name an external account
 * that another integration is connected to.
 */
export async function disconnectQuietly(ctx: AccountContext, row: Integration): Promise<void> {
  const connector = moduleFor(row.type);
  if (!connector?.disconnect || !isConnected(row)) return;
  try {
    await connector.disconnect(row, ctx);
  } catch (error) {
    console.warn(
      `integration ${row.id} (${row.type}): disconnecting failed`,
      error instanceof Error ? error.message : error,
    );
  }
}
