import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useProfile } from '../../api/profile';
import { PageLoader } from '../../components/FullScreenLoader';
import { useT } from '../../i18n/use-t';
import { ApiKeysCard } from './ApiKeysCard';
import { EventWebhooksCard } from './EventWebhooksCard';
import { PasswordCard } from './PasswordCard';
import { PreferencesCard } from './PreferencesCard';
import { ProfileDataCard } from './ProfileDataCard';
import { TelegramCard } from './TelegramCard';

/** /profile: data, password, language, currency, Telegram recipients, API keys, event webhooks (SPEC §2). */
export function ProfilePage() {
  const { t } = useT();
  const { data: profile } = useProfile();
  if (!profile) return <PageLoader />;
  return (
    <Stack gap="lg" maw={960}>
      <Title order={2}>{t('profile.title')}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ProfileDataCard profile={profile} />
        <Stack gap="lg">
          <PreferencesCard profile={profile} />
          <PasswordCard />
        </Stack>
      </SimpleGrid>
      <TelegramCard profile={profile} />
      <ApiKeysCard />
      <EventWebhooksCard />
    </Stack>
  );
}
