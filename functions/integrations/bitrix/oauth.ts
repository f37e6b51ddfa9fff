import type { EngineContext } from '../../engine/context';
import { apiRootFor } from '../module';
import { NotConnected, type TokenPair } from '../oauth-tokens';
import { BitrixError, bitrixAnswer } from './client';

/**
 * Bitrix24's OAuth server (reference/crm.md §2.2): `GET {oauth}/oauth/token/?grant_type=refresh_token`
 * with the application's id and secret answers a new pair (the refresh token rotates), the portal's
 * REST root (`client_endpoint`) and its `member_id`. The server is the configured one, never an
 * address from an install request: only it ever sees the application's secret, and what it answers
 * about the portal is what the connection trusts.
 */

export const BITRIX_OAUTH_ROOT = 'https://oauth.bitrix.info';

export interface BitrixGrant extends TokenPair {
  clientEndpoint: string;
  memberId: string;
}

export function bitrixOAuthClient(ctx: EngineContext) {
  return ctx.settings.oauthClients?.bitrix ?? null;
}

export async function refreshBitrixGrant(ctx: EngineContext, refreshToken: string): Promise<BitrixGrant> {
  const client = bitrixOAuthClient(ctx);
  if (!client) throw new NotConnected('bitrix is not configured (no OAuth client)');
  const query = new URLSearchParams({
    grant_type: 'refresh_token',
    client_id: client.id,
    client_secret: client.secret,
    refresh_token: refreshToken,
  });
  const root = apiRootFor(ctx.settings, 'bitrix', BITRIX_OAUTH_ROOT);
  let body: Record<string, unknown>;
  try {
    const response = await fetch(`${root}/oauth/token/?${query}`, { signal: AbortSignal.timeout(15_000) });
    body = await bitrixAnswer(response);
  } catch (error) {
    if (
      error instanceof BitrixError &&
      ['invalid_grant', 'invalid_client', 'PAYMENT_REQUIRED'].includes(error.code)
    ) {
      throw new NotConnected(`Bitrix24 refused the grant: ${error.explanation}`);
    }
    throw error;
  }
  const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
  const expiresIn = Number(body.expires_in ?? 3600);
  if (!text('access_token') || !text('refresh_token') || !/^https?:\/\//.test(text('client_endpoint'))) {
    throw new BitrixError(502, 'BAD_GRANT', 'the OAuth server answered no tokens or portal');
  }
  return {
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    expiresAt: new Date(ctx.ports.clock.now().getTime() + expiresIn * 1000),
    clientEndpoint: text('client_endpoint'),
    memberId: text('member_id'),
  };
}
