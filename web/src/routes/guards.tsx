import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { amoTypeOfRedirect } from '../../../functions/shared/amocrm';
import { api } from '../api/client';
import { AMO_INSTALL_PATH, type AmoInstallAnswer } from '../api/integrations';
import { storePendingIntegration } from '../api/pending-integration';
import { consumeExplicitSignOut, useToken } from '../api/session';
import { STORED_KEYS, useStored, writeStored } from '../api/storage';
import { FullScreenLoader } from '../components/FullScreenLoader';
import { LazyFallback } from '../components/LazyFallback';
import { notifyError } from '../components/notify';
import { HOME_PATH, isChatsLink, PATHS } from './paths';

const SignedInShell = lazy(() => import('./SignedInShell').then((m) => ({ default: m.SignedInShell })));

/** Auth pages are for signed-out users; a signed-in one goes to the remembered chats link or home. */
export function GuestOnly() {
  const token = useToken();
  const linkChats = useStored(STORED_KEYS.linkChats);
  if (token) return <Navigate to={isChatsLink(linkChats) ? linkChats : HOME_PATH} replace />;
  return (
    <Suspense fallback={<LazyFallback fullScreen />}>
      <Outlet />
    </Suspense>
  );
}

/** A signed-out user on a signed-in page goes to /signin; a /chats link is remembered first (SPEC §2). */
function SignInRedirect() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const link = `${location.pathname}${location.search}${location.hash}`;
    if (!consumeExplicitSignOut() && isChatsLink(link)) writeStored(STORED_KEYS.linkChats, link);
    navigate(PATHS.signin, { replace: true });
  }, [location, navigate]);
  return null;
}

export function RequireAuth() {
  const token = useToken();
  if (!token) return <SignInRedirect />;
  return (
    <Suspense fallback={<LazyFallback fullScreen />}>
      <SignedInShell />
    </Suspense>
  );
}

/**
 * /amo/install (SPEC §2): amoCRM / Kommo's consent page returns here. What it brought goes to the
 * server at once and comes back sealed (the code never waits here in the clear); it waits as a
 * pending confirmation and the integrations screen finishes it: at once for a consent started here
 * (the server checks its state), after the owner confirms for an install from the market. A refusal
 * is said on the type's page.
 */
export function AmoInstallRedirect() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const code = params.get('code')?.trim() ?? '';
    const referer = params.get('referer')?.trim() ?? '';
    const type = amoTypeOfRedirect(referer, params.get('platform'));
    if (!code || !referer) {
      const denied = params.get('error') === 'access_denied';
      navigate(denied ? `${PATHS.integrations}/${type}?denied=1` : PATHS.integrations, { replace: true });
      return;
    }
    const body = {
      code,
      referer,
      platform: params.get('platform') ?? '',
      state: params.get('state')?.trim() ?? '',
    };
    api<AmoInstallAnswer>('POST', AMO_INSTALL_PATH, body)
      .then((answer) => {
        storePendingIntegration({
          type: answer.type,
          install: answer.ticket,
          account: answer.account,
          consent: answer.consent,
        });
        navigate(PATHS.integrations, { replace: true });
      })
      .catch((error: unknown) => {
        notifyError(error);
        navigate(`${PATHS.integrations}/${type}`, { replace: true });
      });
  }, [location.search, navigate]);
  return <FullScreenLoader />;
}
