import { eq } from 'drizzle-orm';
import { type Integration, integrations } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import type { AmoType } from '../../shared/amocrm';
import { openConnectionSecret, sealConnectionData } from '../connection-secrets';
import { amoAccountBase, amoDomainOf, amoOAuthClient, amoRedirectUri, learned } from './account';
import { type AmoClient, AmoError, createAmoClient } from './client';
import { type AmoTokens, refreshAmoTokens } from './oauth';

/**
 * The account's API with a working access token (reference/crm.md §1.2). A token about to expire,
 * or one amoCRM answers 401 to, is refreshed under a lock on the integration's row: refresh tokens
 * are spent once, so two requests refreshing at the same moment would lose the connection. The one
 * that takes the lock refreshes and keeps the new pair in the same transaction; the other finds the
 * pair changed and uses it.
 */

/** A token this close to its end is refreshed before use. */
const REFRESH_MARGIN_MS = 5 * 60_000;

/** The integration cannot reach amoCRM: not connected, not configured, or the grant was revoked. */
export class AmoNotConnected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'AmoNotConnected';
  }
}

/**
 * The token fields as stored now (sealed): a writer of connection_data that read the row before a
 * refresh carries these, so it never puts back a spent refresh token.
 */
export async function storedTokenFields(ctx: EngineContext, id: string): Promise<Record<string, unknown>> {
  const [row] = await ctx.ports.db
    .select({ connectionData: integrations.connectionData })
    .from(integrations)
    .where(eq(integrations.id, id));
  const data = row?.connectionData ?? {};
  return {
    access_token: data.access_token,
    refresh_token: data.refresh_token,
    token_expires_at: data.token_expires_at,
  };
}

/** The tokens as kept in connection_data. */
export const tokenFields = (tokens: AmoTokens) => ({
  access_token: tokens.accessToken,
  refresh_token: tokens.refreshToken,
  token_expires_at: tokens.expiresAt.toISOString(),
});

function tokenRequest(ctx: EngineContext, integration: Integration) {
  const type = integration.type as AmoType;
  const client = amoOAuthClient(ctx.settings, type);
  const domain = amoDomainOf(integration);
  if (!client) throw new AmoNotConnected(`${type} is not configured (no OAuth client)`);
  if (!domain) throw new AmoNotConnected('no account domain');
  return {
    base: amoAccountBase(ctx.settings, type, domain),
    client,
    redirectUri: amoRedirectUri(ctx.settings),
    now: ctx.ports.clock.now(),
  };
}

/**
 * Refreshes the pair unless another request already did since `seen` (the expiry it saw); answers
 * the row as it is afterwards. A refresh token amoCRM refuses means the owner must connect again.
 */
async function refreshLocked(ctx: EngineContext, integration: Integration, seen: string | null) {
  return ctx.ports.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(integrations)
      .where(eq(integrations.id, integration.id))
      .for('update');
    if (!row) throw new AmoNotConnected('the integration is gone');
    if (learned(row, 'token_expires_at') !== seen) return row;
    const refreshToken = await openConnectionSecret(ctx.settings.secretsKey, row, 'refresh_token');
    if (!refreshToken) throw new AmoNotConnected('no refresh token');
    let tokens: AmoTokens;
    try {
      tokens = await refreshAmoTokens(tokenRequest(ctx, row), refreshToken);
    } catch (error) {
      if (error instanceof AmoError && (error.status === 400 || error.status === 401)) {
        throw new AmoNotConnected(`the refresh token was refused: ${error.message}`);
      }
      throw error;
    }
    const connectionData = await sealConnectionData(ctx.settings.secretsKey, row.type, {
      ...row.connectionData,
      ...tokenFields(tokens),
    });
    const [saved] = await tx
      .update(integrations)
      .set({ connectionData })
      .where(eq(integrations.id, row.id))
      .returning();
    return saved ?? row;
  });
}

/** The row's access token, refreshed first when it is about to end. */
async function accessTokenOf(ctx: EngineContext, integration: Integration, force: boolean) {
  let row = integration;
  const expiresAt = learned(row, 'token_expires_at');
  const ending = !expiresAt || Date.parse(expiresAt) - ctx.ports.clock.now().getTime() < REFRESH_MARGIN_MS;
  if (force || ending) row = await refreshLocked(ctx, row, expiresAt);
  const token = await openConnectionSecret(ctx.settings.secretsKey, row, 'access_token');
  if (!token) throw new AmoNotConnected('no access token');
  return { row, token };
}

/**
 * Runs `work` with the account's API. A 401 (the token expired early or was revoked) refreshes once
 * and runs `work` again: amoCRM did nothing on a 401.
 */
export async function withAmoApi<T>(
  ctx: EngineContext,
  integration: Integration,
  work: (api: AmoClient) => Promise<T>,
): Promise<T> {
  const type = integration.type as AmoType;
  const domain = amoDomainOf(integration);
  if (!domain) throw new AmoNotConnected('no account domain');
  const clientOf = (token: string) =>
    createAmoClient({
      base: amoAccountBase(ctx.settings, type, domain),
      accessToken: token,
      throttleKey: `${type}:${domain}`,
    });
  const first = await accessTokenOf(ctx, integration, false);
  try {
    return await work(clientOf(first.token));
  } catch (error) {
    if (!(error instanceof AmoError) || error.status !== 401) throw error;
    const second = await accessTokenOf(ctx, first.row, true);
    return work(clientOf(second.token));
  }
}
