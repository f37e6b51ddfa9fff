import type { Integration } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import { fetchFor } from '../module';
import { accessTokenOf, NotConnected, type TokenRefresher } from '../oauth-tokens';
import { type BitrixClient, BitrixError, createBitrixClient } from './client';
import { refreshBitrixGrant } from './oauth';

/**
 * The portal's REST API with a working access token (reference/crm.md §2.2): Bitrix24 asks for a
 * refresh only when a call says `expired_token` (or the hour is over), never on a schedule; the
 * refresh runs under the row's lock (oauth-tokens.ts) because the refresh token rotates.
 */

export const learnedText = (integration: Pick<Integration, 'connectionData'>, name: string) => {
  const value = integration.connectionData[name];
  return typeof value === 'string' && value ? value : null;
};

const bitrixRefresher: TokenRefresher = {
  async refresh(ctx, row, refreshToken) {
    const grant = await refreshBitrixGrant(ctx, refreshToken);
    const memberId = learnedText(row, 'member_id');
    if (memberId && grant.memberId && grant.memberId !== memberId) {
      throw new NotConnected('the grant belongs to another portal');
    }
    return grant;
  },
};

export async function withBitrixApi<T>(
  ctx: EngineContext,
  integration: Integration,
  work: (api: BitrixClient) => Promise<T>,
): Promise<T> {
  const endpoint = learnedText(integration, 'client_endpoint');
  if (!endpoint) throw new NotConnected('no portal address');
  const clientOf = (token: string) =>
    createBitrixClient({ endpoint, accessToken: token, fetch: fetchFor(ctx.settings, 'bitrix') });
  const first = await accessTokenOf(ctx, integration, bitrixRefresher);
  try {
    return await work(clientOf(first.token));
  } catch (error) {
    if (!(error instanceof BitrixError) || !error.expired) throw error;
    const second = await accessTokenOf(ctx, first.row, bitrixRefresher, true);
    return work(clientOf(second.token));
  }
}
