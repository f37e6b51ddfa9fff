import { type ComponentType, lazy, useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, useLocation } from 'react-router-dom';
import { captureQuery } from './capture-query';
import { AmoInstallRedirect, GuestOnly, RequireAuth } from './guards';
import { HOME_PATH, PATHS } from './paths';

/** Every screen loads on demand: a named export becomes a lazy component. */
function page(load: () => Promise<ComponentType>) {
  const Page = lazy(() => load().then((component) => ({ default: component })));
  return <Page />;
}

// The auth screens share one chunk (forms, validation schemas, the code input).
const AuthPage = lazy(() => import('../pages/auth/AuthPage').then((m) => ({ default: m.AuthPage })));

/** Stores the query parameters of every visited route under the §9 keys (SPEC §2). */
function Root() {
  const location = useLocation();
  useEffect(() => {
    captureQuery(location.pathname, location.search);
  }, [location.pathname, location.search]);
  return <Outlet />;
}

const botSettings = page(() => import('../pages/bots/BotSettingsPage').then((m) => m.BotSettingsPage));

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          { path: PATHS.signin, element: <AuthPage mode="signin" /> },
          { path: PATHS.signup, element: <AuthPage mode="signup" /> },
          { path: PATHS.forgotPassword, element: <AuthPage mode="forgot" /> },
          {
            path: PATHS.verify,
            element: page(() => import('../pages/auth/VerifyPage').then((m) => m.VerifyPage)),
          },
          {
            path: PATHS.enterCode,
            element: page(() => import('../pages/auth/EnterCodePage').then((m) => m.EnterCodePage)),
          },
          {
            path: PATHS.enterNewPassword,
            element: page(() =>
              import('../pages/auth/EnterNewPasswordPage').then((m) => m.EnterNewPasswordPage),
            ),
          },
        ],
      },
      { path: PATHS.amoInstall, element: <AmoInstallRedirect /> },
      {
        element: <RequireAuth />,
        children: [
          { index: true, element: <Navigate to={HOME_PATH} replace /> },
          {
            path: PATHS.chats,
            element: page(() => import('../pages/chats/ChatsPage').then((m) => m.ChatsPage)),
          },
          { path: PATHS.bots, element: page(() => import('../pages/bots/BotsPage').then((m) => m.BotsPage)) },
          { path: PATHS.botNew, element: botSettings },
          { path: `${PATHS.bots}/:id`, element: botSettings },
          {
            path: PATHS.aiAssistant,
            element: page(() =>
              import('../pages/ai-assistant/AiAssistantPage').then((m) => m.AiAssistantPage),
            ),
          },
          {
            path: PATHS.check,
            element: page(() => import('../pages/check/CheckPage').then((m) => m.CheckPage)),
          },
          {
            path: PATHS.history,
            element: page(() => import('../pages/history/HistoryPage').then((m) => m.HistoryPage)),
          },
          {
            path: PATHS.balance,
            element: page(() => import('../pages/balance/BalancePage').then((m) => m.BalancePage)),
          },
          {
            path: `${PATHS.integrations}/:slug?/:inst?`,
            element: page(() =>
              import('../pages/integrations/IntegrationsPage').then((m) => m.IntegrationsPage),
            ),
          },
          {
            path: PATHS.profile,
            element: page(() => import('../pages/profile/ProfilePage').then((m) => m.ProfilePage)),
          },
          {
            path: PATHS.partner,
            element: page(() => import('../pages/partner/PartnerPage').then((m) => m.PartnerPage)),
          },
          { path: '*', element: <Navigate to={HOME_PATH} replace /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
