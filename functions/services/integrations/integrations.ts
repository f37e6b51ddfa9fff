import { asc, eq } from 'drizzle-orm';
import { type Integration, integrations } from '../../../db/schema';
import { sealConnectionData } from '../../integrations/connection-secrets';
import { AppError } from '../../shared/app-error';
import { MAX_INTEGRATIONS } from '../../shared/constants';
import type { SaveIntegrationInput, UpdateIntegrationInput } from '../../shared/schemas/integration';
import { ensureRoomFor } from '../account-limits';
import type { AccountContext, ServiceContext } from '../context';
import { checkedConnectionData } from './connection-data';
import { disconnectQuietly } from './disconnect';
import {
  changesCredentials,
  clientConnectionData,
  forgottenConnectionData,
  type IntegrationView,
  integrationPageView,
  isConnected,
  serverConnectionData,
} from './integration-view';
import { integrationNotFound, ownIntegration, ownIntegrationWhere } from './own-integration';

export async function listIntegrations(ctx: AccountContext): Promise<IntegrationView[]> {
  const rows = await ctx.ports.db
    .select()
    .from(integrations)
    .where(eq(integrations.accountId, ctx.account.id))
    .orderBy(asc(integrations.createdAt), asc(integrations.id))
    .limit(MAX_INTEGRATIONS);
  return rows.map((row) => integrationPageView(ctx.settings, row));
}

export async function getIntegration(ctx: AccountContext, id: string): Promise<IntegrationView> {
  return integrationPageView(ctx.settings, await ownIntegration(ctx, id));
}

/**
 * Writes the changed columns of an own integration. The server's fields are kept, and so are secrets
 * the client sent back masked or left out. A new credential (another bot token) ends the connection:
 * what was connected is no longer what the settings name, so the old one is let go of. Credentials
 * are sealed on the way in (plain ones from before encryption too).
 */
async function writeIntegration(
  ctx: AccountContext,
  row: Integration,
  changes: UpdateIntegrationInput,
): Promise<IntegrationView> {
  const incoming =
    changes.connection_data === undefined
      ? undefined
      : checkedConnectionData(
          row.type,
          clientConnectionData(row.type, changes.connection_data, row.connectionData),
          ctx.lang,
        );
  const reconnect =
    incoming !== undefined &&
    isConnected(row) &&
    (await changesCredentials(ctx.settings.secretsKey, row.type, row.connectionData, incoming));
  if (reconnect) await disconnectQuietly(ctx, row);
  const connectionData =
    incoming === undefined
      ? undefined
      : await sealConnectionData(ctx.settings.secretsKey, row.type, {
          ...incoming,
          ...(reconnect ? {} : serverConnectionData(row.type, row.connectionData)),
        });
  const set = {
    ...(changes.activated === undefined ? {} : { activated: changes.activated }),
    ...(changes.integration_account_id === undefined
      ? {}
      : { integrationAccountId: changes.integration_account_id || null }),
    ...(connectionData === undefined ? {} : { connectionData }),
    ...(reconnect && changes.integration_account_id === undefined ? { integrationAccountId: null } : {}),
  };
  // Nothing to change (only the id and type were sent): the integration as it is.
  if (Object.keys(set).length === 0) return integrationPageView(ctx.settings, row);
  const [saved] = await ctx.ports.db
    .update(integrations)
    .set(set)
    .where(ownIntegrationWhere(ctx, row.id))
    .returning();
  if (!saved) throw integrationNotFound();
  return integrationPageView(ctx.settings, saved);
}

/**
 * POST /api/integrations: a new integration of `type` (activated, not connected yet), or with `id`
 * the fields of that own integration; its type cannot change.
 */
export async function saveIntegration(
  ctx: AccountContext,
  input: SaveIntegrationInput,
): Promise<{ created: boolean; integration: IntegrationView }> {
  if (input.id !== undefined) {
    const row = await ownIntegration(ctx, input.id);
    if (row.type !== input.type) {
      throw new AppError('validation_failed', 'validation_failed', {
        fields: { type: 'invalid_value' },
      });
    }
    const { id: _id, type: _type, ...changes } = input;
    return { created: false, integration: await writeIntegration(ctx, row, changes) };
  }
  await ensureRoomFor(ctx, 'integrations');
  const [row] = await ctx.ports.db
    .insert(integrations)
    .values({
      accountId: ctx.account.id,
      type: input.type,
      integrationAccountId: input.integration_account_id || null,
      connectionData: await sealConnectionData(
        ctx.settings.secretsKey,
        input.type,
        checkedConnectionData(
          input.type,
          clientConnectionData(input.type, input.connection_data ?? {}),
          ctx.lang,
        ),
      ),
      activated: true,
      createdAt: ctx.ports.clock.now(),
    })
    .returning();
  if (!row) throw new Error('integration insert returned nothing');
  return { created: true, integration: integrationPageView(ctx.settings, row) };
}

/** PATCH /api/integrations/{id}: `activated` and/or the fields. */
export async function updateIntegration(
  ctx: AccountContext,
  id: string,
  changes: UpdateIntegrationInput,
): Promise<IntegrationView> {
  return writeIntegration(ctx, await ownIntegration(ctx, id), changes);
}

/**
 * POST /api/integrations/reset/{id}: lets the external system go of the connection (Telegram's
 * webhook), forgets it (the server's fields and the external account id) and keeps the settings, so
 * connecting again starts from them. Bots stay bound.
 */
/**
 * The integration lets go of its connection: what the owner set stays, what connecting learned and
 * made (tokens, the webhook secret, the connection mark) goes, so it shows as not connected.
 */
export async function letGoOfConnection(
  ctx: ServiceContext,
  row: Integration,
): Promise<Integration | undefined> {
  const [saved] = await ctx.ports.db
    .update(integrations)
    .set({
      connectionData: await forgottenConnectionData(ctx.settings.secretsKey, row),
      integrationAccountId: null,
    })
    .where(eq(integrations.id, row.id))
    .returning();
  return saved;
}

export async function resetIntegration(ctx: AccountContext, id: string): Promise<IntegrationView> {
  const row = await ownIntegration(ctx, id);
  await disconnectQuietly(ctx, row);
  const saved = await letGoOfConnection(ctx, row);
  if (!saved) throw integrationNotFound();
  return integrationPageView(ctx.settings, saved);
}
