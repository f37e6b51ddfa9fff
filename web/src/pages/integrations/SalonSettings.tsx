import { Alert, Box, Stack, Text, Title } from '@mantine/core';
import { isSalonType } from '../../../../functions/shared/booking';
import { salonBranches } from '../../api/booking';
import type { IntegrationChanges, IntegrationView } from '../../api/integrations';
import { useT } from '../../i18n/use-t';
import { CredentialForm } from './CredentialForm';
import { SalonBranchesTable } from './SalonBranchesTable';

interface SalonSettingsProps {
  integration: IntegrationView;
  update: (changes: IntegrationChanges) => Promise<unknown>;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);
const ANY_PASSWORD = /^\S(.*\S)?$/;

/**
 * A YCLIENTS / Altegio salon's settings (issue #22): connected from the system's marketplace (it
 * brings the owner back to confirm) or with a user's login and password; once connected, how, the
 * salon and its branches with the time zone each keeps.
 */
export function SalonSettings({ integration, update }: SalonSettingsProps) {
  const { t } = useT();
  const name = t(`integration.name.${integration.type}`);
  const data = integration.connection_data;
  const via = data.via === 'marketplace' || data.via === 'login' ? data.via : null;
  if (integration.configured === false && isSalonType(integration.type)) {
    return (
      <Alert color="yellow" variant="light" data-testid="salon-not-configured">
        {t('salon.not_configured', { name, prefix: integration.type.toUpperCase() })}
      </Alert>
    );
  }

  const savedPassword = text(data.password);
  const loginForm = (
    <CredentialForm
      login={{
        label: t('salon.login'),
        placeholder: text(data.login) ?? '+7 900 000-00-00',
        requiredText: t('salon.login_required'),
      }}
      label={t('salon.password')}
      description={savedPassword ? t('salon.password_keep') : t('salon.password_hint', { name })}
      placeholder={savedPassword ?? ''}
      pattern={ANY_PASSWORD}
      requiredText={t('salon.password_required')}
      invalidText={t('salon.password_required')}
      savedText={t('salon.saved')}
      save={(password, login) => update({ connection_data: { login, password } })}
    />
  );

  if (!integration.connected || !via) {
    return (
      <Stack gap="md" maw={560} data-testid="salon-intro">
        <Text size="sm">{t('salon.intro', { name })}</Text>
        <Box>
          <Title order={5} mb={4}>
            {t('salon.way.marketplace', { name })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('salon.way.marketplace_text', { name })}
          </Text>
        </Box>
        <Box>
          <Title order={5} mb={4}>
            {t('salon.way.login')}
          </Title>
          <Text size="sm" c="dimmed" mb="xs">
            {t('salon.way.login_text', { name })}
          </Text>
          {loginForm}
        </Box>
      </Stack>
    );
  }

  const branches = salonBranches(integration);
  const user = text(data.user_name);
  return (
    <Stack gap="md" data-testid="salon-settings">
      <Box>
        <Text size="sm" fw={500}>
          {t('salon.via')}
        </Text>
        <Text size="sm" c="dimmed">
          {via === 'marketplace'
            ? t('salon.via.marketplace', { name })
            : t('salon.via.login', { user: user ?? text(data.login) ?? '—' })}
        </Text>
      </Box>
      {text(data.salon_name) && (
        <Box>
          <Text size="sm" fw={500}>
            {t('salon.confirm.salon')}
          </Text>
          <Text size="sm" data-testid="salon-name">
            {text(data.salon_name)}
          </Text>
        </Box>
      )}
      <Box>
        <Text size="sm" fw={500}>
          {t('salon.branches', { count: branches.length })}
        </Text>
        <Text size="sm" c="dimmed" mb="xs">
          {branches.length > 0 ? t('salon.branches_hint') : t('salon.branches_none', { name })}
        </Text>
        {branches.length > 0 && <SalonBranchesTable branches={branches} />}
      </Box>
      {via === 'login' && (
        <Box maw={480}>
          <Title order={5} mb="xs">
            {t('salon.change_login')}
          </Title>
          {loginForm}
        </Box>
      )}
    </Stack>
  );
}
