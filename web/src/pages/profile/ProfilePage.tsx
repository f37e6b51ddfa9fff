import { Alert, SimpleGrid, Stack, Title } from '@mantine/core';
import { useProfile } from '../../api/profile';
import { usePartnerToken } from '../../api/session';
import { PageLoader } from '../../components/FullScreenLoader';
import { useT } from '../../i18n/use-t';
import { ApiKeysCard } from './ApiKeysCard';
import { EventWebhooksCard } from './EventWebhooksCard';
import { PasswordCard } from './PasswordCard';
import { PreferencesCard } from './PreferencesCard';
import { ProfileDataCard } from './ProfileDataCard';
import { TelegramCard } from './TelegramCard';

/**
 * /profile: data, password, language, currency, Telegram recipients, API keys, event webhooks (SPEC §2).
 * A partner working in its client's account sees no password or keys: they are the owner's alone.
 */
export function ProfilePage() {
  const { t } = useT();
  const { data: profile } = useProfile();
  const asPartner = usePartnerToken() !== null;
  if (!profile) return <PageLoader />;
  return (
    <Stack gap="lg" maw={960}>
      <Title order={2}>{t('profile.title')}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ProfileDataCard profile={profile} />
        <Stack gap="lg">
          <PreferencesCard profile={profile} />
          {asPartner ? (
            <Alert color="violet" variant="light" data-testid="profile-owner-only">
              {t('partner.inside.owner_only')}
            </Alert>
          ) : (
            <PasswordCard />
          )}
        </Stack>
      </SimpleGrid>
      <TelegramCard profile={profile} />
      {!asPartner && <ApiKeysCard />}
      <EventWebhooksCard />
    </Stack>
  );
}
