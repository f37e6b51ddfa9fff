import type { Integration } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import type { AmoType } from '../../shared/amocrm';
import { fetchFor } from '../module';
import { accessTokenOf, NotConnected, type TokenRefresher } from '../oauth-tokens';
import { amoAccountBase, amoDomainOf, amoOAuthClient, amoRedirectUri } from './account';
import { type AmoClient, AmoError, createAmoClient } from './client';
import { refreshAmoTokens } from './oauth';

/**
 * The account's API with a working access token (reference/crm.md §1.2), refreshed under the row's
 * lock (oauth-tokens.ts). amoCRM refusing the refresh token (400, 401) means the owner must connect
 * again.
 */

export { NotConnected as AmoNotConnected } from '../oauth-tokens';

const amoRefresher: TokenRefresher = {
  async refresh(ctx, row, refreshToken) {
    const type = row.type as AmoType;
    const client = amoOAuthClient(ctx.settings, type);
    const domain = amoDomainOf(row);
    if (!client) throw new NotConnected(`${type} is not configured (no OAuth client)`);
    if (!domain) throw new NotConnected('no account domain');
    const request = {
      base: amoAccountBase(ctx.settings, type, domain),
      client,
      redirectUri: amoRedirectUri(ctx.settings),
      now: ctx.ports.clock.now(),
      fetch: fetchFor(ctx.settings, type),
    };
    try {
      return await refreshAmoTokens(request, refreshToken);
    } catch (error) {
      if (error instanceof AmoError && (error.status === 400 || error.status === 401)) {
        throw new NotConnected(`the refresh token was refused: ${error.message}`);
      }
      throw error;
    }
  },
};

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
  if (!domain) throw new NotConnected('no account domain');
  const clientOf = (token: string) =>
    createAmoClient({
      base: amoAccountBase(ctx.settings, type, domain),
      accessToken: token,
      throttleKey: `${type}:${domain}`,
      fetch: fetchFor(ctx.settings, type),
    });
  const first = await accessTokenOf(ctx, integration, amoRefresher);
  try {
    return await work(clientOf(first.token));
  } catch (error) {
    if (!(error instanceof AmoError) || error.status !== 401) throw error;
    const second = await accessTokenOf(ctx, first.row, amoRefresher, true);
    return work(clientOf(second.token));
  }
}
