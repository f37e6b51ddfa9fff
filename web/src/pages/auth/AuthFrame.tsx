import { Center, Container, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useT } from '../../i18n/use-t';

/** The frame of every signed-out screen: product name, language switch, one card. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useT();
  return (
    <Center mih="100dvh" py="xl" bg="var(--mantine-color-gray-0)">
      <Container size={460} w="100%">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={3} component="p">
              {t('app.title')}
            </Title>
            <LanguageSwitch />
          </Group>
          <Paper withBorder shadow="sm" radius="md" p="xl">
            <Title order={1} size="h2" mb="lg">
              {title}
            </Title>
            {children}
          </Paper>
        </Stack>
      </Container>
    </Center>
  );
}
