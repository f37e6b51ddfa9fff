import { Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { checkOutboundUrl } from '../../../../functions/outbound/url-guard';
import { API_CHANNEL_LIMITS } from '../../../../functions/shared/api-channel';
import type { IntegrationChanges, IntegrationView } from '../../api/integrations';
import { notifyError, notifySuccess } from '../../components/notify';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { ApiChannelDeadLetters } from './ApiChannelDeadLetters';
import { ApiChannelSecret } from './ApiChannelSecret';
import { CopyValue } from './CopyValue';

interface ApiChannelSettingsProps {
  integration: IntegrationView;
  update: (changes: IntegrationChanges) => Promise<unknown>;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The API channel's settings (docs/channels/api-channel.md): the callback URL the owner's system takes the
 * replies at; once connected, the webhook URL it posts to, the signing secret, and the replies that
 * could not be delivered.
 */
export function ApiChannelSettings({ integration, update }: ApiChannelSettingsProps) {
  const { t } = useT();
  const data = integration.connection_data;
  const saved = text(data.callback_url) ?? '';
  const [url, setUrl] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const webhook = integration.connected ? text(data.webhook_url) : null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const typed = url.trim();
    if (typed !== '' && !checkOutboundUrl(typed, { allowPrivate: false, httpsOnly: true }).ok) {
      setError(t('callback_url_invalid'));
      return;
    }
    setBusy(true);
    try {
      await update({ connection_data: { callback_url: typed } });
      setUrl(typed);
      notifySuccess(translate('api_channel.callback_saved'));
    } catch (failure) {
      notifyError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" data-testid="api-channel-settings">
      <Text size="sm" c="dimmed">
        {t('api_channel.intro')}
      </Text>
      <form onSubmit={save} noValidate>
        <Stack gap="xs">
          <TextInput
            label={t('api_channel.callback_url')}
            description={t('api_channel.callback_url_hint')}
            placeholder="https://crm.example.com/onchat/callback"
            autoComplete="off"
            spellCheck={false}
            maxLength={API_CHANNEL_LIMITS.url}
            value={url}
            error={error}
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              setError(null);
            }}
            data-testid="api-channel-callback-url"
          />
          <Group>
            <Button type="submit" variant="default" loading={busy} disabled={url.trim() === saved}>
              {t('integrations.settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {webhook ? (
        <>
          <CopyValue label={t('api_channel.webhook_url')} value={webhook} testId="api-channel-webhook-url" />
          <ApiChannelSecret integration={integration} />
          <Divider />
          <ApiChannelDeadLetters integrationId={integration.id} />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('api_channel.connect_first')}
        </Text>
      )}
    </Stack>
  );
}
