import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { CONSENT_TTL_SECONDS } from '../integrations/oauth-consent';
import { randomToken } from '../shared/same-secret';
import type { AppEnv } from './env';

/**
 * The browser a consent was started in (oauth-consent.ts): a random nonce in an HttpOnly cookie that
 * only the consent's return route receives, so a consent page approved in someone else's browser (a
 * link sent to them) brings their grant into no account. SameSite=Lax: the system's redirect back
 * is a top-level navigation, which carries it.
 */

const NAME = 'consent_browser';
const PATH = '/api/webhooks';

export const consentBrowserNonce = (c: Context<AppEnv>): string | undefined => {
  const value = getCookie(c, NAME);
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
};

/** The browser's nonce, set (or kept) on the answer that starts a consent. */
export function startConsentBrowser(c: Context<AppEnv>): string {
  const nonce = consentBrowserNonce(c) ?? randomToken();
  setCookie(c, NAME, nonce, {
    path: PATH,
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.get('settings').publicUrl.startsWith('https:'),
    maxAge: CONSENT_TTL_SECONDS,
  });
  return nonce;
}
