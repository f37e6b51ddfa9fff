import { EmptyState, Paper, Stack, Title } from '@mantine/core';
import { useT } from '../../i18n/use-t';

/** /partner for an account that is not a partner: what the programme is and how to join it. */
export function PartnerIntro() {
  const { t } = useT();
  return (
    <Stack gap="lg">
      <Title order={2}>{t('section.partner.title')}</Title>
      <Paper withBorder radius="md" p="xl">
        <EmptyState data-testid="partner-intro">
          <EmptyState.Title order={3}>{t('partner.intro.title')}</EmptyState.Title>
          <EmptyState.Description>{t('partner.intro.text')}</EmptyState.Description>
          <EmptyState.Description>{t('partner.intro.how')}</EmptyState.Description>
        </EmptyState>
      </Paper>
    </Stack>
  );
}
