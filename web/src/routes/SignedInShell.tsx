import { Button, Center, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { logout } from '../api/auth';
import { usePendingIntegrationPath } from '../api/pending-integration';
import { useProfile } from '../api/profile';
import { readStored, STORED_KEYS, writeStored } from '../api/storage';
import { ErrorModal } from '../components/ErrorModal';
import { FullScreenLoader } from '../components/FullScreenLoader';
import { LazyFallback } from '../components/LazyFallback';
import { AppLayout } from '../components/layout/AppLayout';
import { activateLanguage, isActiveLanguage } from '../i18n/i18n';
import { useT } from '../i18n/use-t';
import { useTourDeferred } from '../pages/onboarding/tour-deferral';
import { PATHS } from './paths';

const OnboardingTour = lazy(() =>
  import('../pages/onboarding/OnboardingTour').then((m) => ({ default: m.OnboardingTour })),
);
const TourWalk = lazy(() => import('../pages/onboarding/TourWalk').then((m) => ({ default: m.TourWalk })));

/** The profile could not be loaded: say so and offer to retry or sign out. */
function ProfileLoadFailed({ error, retry }: { error: unknown; retry: () => unknown }) {
  const { t } = useT();
  return (
    <>
      <Center h="100dvh">
        <Stack align="center" gap="sm" maw={420} ta="center">
          <Text fw={600}>{t('shell.profile_failed')}</Text>
          <Button onClick={() => retry()}>{t('common.try_again')}</Button>
          <Button variant="subtle" onClick={() => logout()}>
            {t('nav.sign_out')}
          </Button>
        </Stack>
      </Center>
      <ErrorModal error={error} onRetry={retry} />
    </>
  );
}

/**
 * Everything behind sign-in: the full-screen loader until the profile is known, the profile's
 * language, the forced /integrations step for waiting integration data, the onboarding tour (the
 * questions, then the walk over the main places), and the layout with the sidebar.
 */
export function SignedInShell() {
  const { data: profile, error, mutate } = useProfile();
  const location = useLocation();
  const pendingPath = usePendingIntegrationPath();
  const tourDeferred = useTourDeferred();

  // The account's language is the saved preference (SPEC §1). Its catalog may still have to
  // arrive: the first screen waits for it instead of flashing the other language.
  const profileLang = profile?.lang;
  const [langSettled, setLangSettled] = useState(false);
  useLayoutEffect(() => {
    if (!profileLang) return;
    void activateLanguage(profileLang, true).finally(() => setLangSettled(true));
  }, [profileLang]);
  const langReady = langSettled || (profileLang !== undefined && isActiveLanguage(profileLang));

  // The remembered chats link has been used by the sign-in redirect.
  useEffect(() => {
    if (readStored(STORED_KEYS.linkChats) !== null) writeStored(STORED_KEYS.linkChats, null);
  }, []);

  if (!profile || !langReady) {
    if (error && !profile) return <ProfileLoadFailed error={error} retry={() => mutate()} />;
    return <FullScreenLoader />;
  }
  if (pendingPath && !location.pathname.startsWith(PATHS.integrations)) {
    return <Navigate to={pendingPath} replace />;
  }
  return (
    <AppLayout profile={profile}>
      <Suspense fallback={<LazyFallback />}>
        <Outlet />
      </Suspense>
      {!profile.tour_showed && !tourDeferred && (
        <Suspense fallback={null}>
          <OnboardingTour />
        </Suspense>
      )}
      {profile.tour_showed && profile.tour_walk === 'due' && (
        <Suspense fallback={null}>
          <TourWalk />
        </Suspense>
      )}
    </AppLayout>
  );
}
