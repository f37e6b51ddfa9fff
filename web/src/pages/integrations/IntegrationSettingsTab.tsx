import '@mantine/core/styles/Switch.css';
import { Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { IntegrationChanges, IntegrationView } from '../../api/integrations';
import { notifyError, notifySuccess } from '../../components/notify';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';

interface IntegrationSettingsTabProps {
  integration: IntegrationView;
  update: (changes: IntegrationChanges) => Promise<unknown>;
}

/**
 * The settings every type shares: on/off and the external account. Type-specific settings (the
 * widget's look, a bot token) join as their connectors are built.
 */
export function IntegrationSettingsTab({ integration, update }: IntegrationSettingsTabProps) {
  const { t } = useT();
  const [accountId, setAccountId] = useState(integration.integration_account_id ?? '');
  const [busy, setBusy] = useState(false);

  const save = async (changes: IntegrationChanges, savedMessage = true) => {
    setBusy(true);
    try {
      await update(changes);
      if (savedMessage) notifySuccess(translate('integrations.settings.saved'));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={480}>
      <Switch
        label={t('integrations.settings.activated')}
        checked={integration.activated}
        disabled={busy}
        onChange={(event) => void save({ activated: event.currentTarget.checked }, false)}
      />
      {integration.type !== 'onchat' && (
        <Group align="flex-end">
          <TextInput
            flex={1}
            label={t('integrations.settings.account_id')}
            value={accountId}
            maxLength={200}
            onChange={(event) => setAccountId(event.currentTarget.value)}
          />
          <Button
            variant="default"
            loading={busy}
            disabled={accountId === (integration.integration_account_id ?? '')}
            onClick={() => void save({ integration_account_id: accountId.trim() || null })}
          >
            {t('integrations.settings.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
