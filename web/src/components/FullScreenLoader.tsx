import { Center, Loader, Stack, Text } from '@mantine/core';
import { useT } from '../i18n/use-t';

/** Shown while the profile loads at start (SPEC §2) and while a lazy screen arrives. */
export function FullScreenLoader() {
  const { t } = useT();
  return (
    <Center h="100dvh" role="status" aria-live="polite" data-testid="full-screen-loader">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed" size="sm">
          {t('common.loading')}
        </Text>
      </Stack>
    </Center>
  );
}

export function PageLoader() {
  const { t } = useT();
  return (
    <Center py="xl" role="status" aria-label={t('common.loading')}>
      <Loader size="sm" />
    </Center>
  );
}
