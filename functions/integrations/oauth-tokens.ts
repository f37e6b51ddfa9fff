import { eq } from 'drizzle-orm';
import { type Integration, integrations } from '../../db/schema';
import type { EngineContext } from '../engine/context';
import { openConnectionSecret, sealConnectionData } from './connection-secrets';

/**
 * OAuth access tokens kept in an integration's connection_data (amoCRM, Bitrix24): a token about
 * to expire, or one the system refused, is refreshed under a lock on the integration's row. Refresh
 * tokens are spent once, so two requests refreshing at the same moment would lose the connection:
 * the one that takes the lock refreshes and stores the new pair in the same transaction; the other
 * finds the pair changed and uses it.
 */

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

/** A token this close to its end is refreshed before use. */
const REFRESH_MARGIN_MS = 5 * 60_000;

/** The integration cannot reach the system: not connected, not configured, or the grant was revoked. */
export class NotConnected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotConnected';
  }
}

/** The tokens as kept in connection_data. */
export const tokenFields = (tokens: TokenPair) => ({
  access_token: tokens.accessToken,
  refresh_token: tokens.refreshToken,
  token_expires_at: tokens.expiresAt.toISOString(),
});

const expiryOf = (row: Pick<Integration, 'connectionData'>) => {
  const value = row.connectionData.token_expires_at;
  return typeof value === 'string' ? value : null;
};

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

export interface TokenRefresher {
  /** Spends the refresh token for a new pair; throws NotConnected when the system refused the grant. */
  refresh(ctx: EngineContext, row: Integration, refreshToken: string): Promise<TokenPair>;
}

/** Refreshes the pair unless another request already did since `seen` (the expiry it saw). */
async function refreshLocked(
  ctx: EngineContext,
  integration: Integration,
  seen: string | null,
  refresher: TokenRefresher,
) {
  return ctx.ports.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(integrations)
      .where(eq(integrations.id, integration.id))
      .for('update');
    if (!row) throw new NotConnected('the integration is gone');
    if (expiryOf(row) !== seen) return row;
    const refreshToken = await openConnectionSecret(ctx.settings.secretsKey, row, 'refresh_token');
    if (!refreshToken) throw new NotConnected('no refresh token');
    const tokens = await refresher.refresh(ctx, row, refreshToken);
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

/**
 * The row's access token, refreshed first when it is about to end or when `force` (the system
 * refused it); answers the row as it is afterwards, for a second try.
 */
export async function accessTokenOf(
  ctx: EngineContext,
  integration: Integration,
  refresher: TokenRefresher,
  force = false,
) {
  let row = integration;
  const expiresAt = expiryOf(row);
  const ending = !expiresAt || Date.parse(expiresAt) - ctx.ports.clock.now().getTime() < REFRESH_MARGIN_MS;
  if (force || ending) row = await refreshLocked(ctx, row, expiresAt, refresher);
  const token = await openConnectionSecret(ctx.settings.secretsKey, row, 'access_token');
  if (!token) throw new NotConnected('no access token');
  return { row, token };
}
