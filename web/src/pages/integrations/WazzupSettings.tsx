import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import {
  channelStateKey,
  WAZZUP_CABINET_URL,
  WAZZUP_KEY_PATTERN,
  wazzupChannelLabel,
  wazzupChannelsOf,
} from '../../../../functions/shared/wazzup';
import { INTEGRATIONS_PATH, type IntegrationChanges, type IntegrationView } from '../../api/integrations';
import type { ApiKey } from '../../api/swr';
import { AppSelect } from '../../components/AppSelect';
import { notifyError, notifySuccess } from '../../components/notify';
import type { MessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { CredentialForm } from './CredentialForm';
import { QrConnect } from './QrConnect';

interface WazzupSettingsProps {
  integration: IntegrationView;
  update: (changes: IntegrationChanges) => Promise<unknown>;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The channel state's words (functions/shared/wazzup.ts channelStateKey). */
const STATE_TEXT: Record<string, MessageId> = {
  active: 'wazzup.state.active',
  qr: 'wazzup.state.qr',
  init: 'wazzup.state.init',
  disabled: 'wazzup.state.disabled',
  phoneunavailable: 'wazzup.state.phoneunavailable',
  openelsewhere: 'wazzup.state.openelsewhere',
  notenoughmoney: 'wazzup.state.notenoughmoney',
  foreignphone: 'wazzup.state.foreignphone',
  unauthorized: 'wazzup.state.unauthorized',
  waitforpassword: 'wazzup.state.waitforpassword',
  blocked: 'wazzup.state.blocked',
  other: 'wazzup.state.other',
};

/**
 * A Wazzup account's settings: its API key (never shown back in full), then, once connected, the
 * WhatsApp channel the bot answers in (chosen here when the account has several) and that channel's
 * QR connection, pushed live while the phone is not authorised.
 */
export function WazzupSettings({ integration, update }: WazzupSettingsProps) {
  const { t } = useT();
  const { mutate } = useSWRConfig();
  const [saving, setSaving] = useState(false);
  const data = integration.connection_data;
  const saved = text(data.api_key);
  const channels = wazzupChannelsOf(data);
  const channelId = text(data.channel_id);
  const chosen = channels.find((channel) => channel.id === channelId);
  const state = text(data.channel_state) ?? chosen?.state ?? null;

  const choose = async (id: string) => {
    setSaving(true);
    try {
      await update({ connection_data: { channel_id: id } });
      notifySuccess(t('wazzup.channel_saved'));
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };
  /** getqr learned the channel's number and state: the page reads them again. */
  const reload = () =>
    void mutate((key: ApiKey | null) => Array.isArray(key) && key[0] === INTEGRATIONS_PATH);

  return (
    <Stack gap="md" data-testid="wazzup-settings">
      <CredentialForm
        label={t('wazzup.key')}
        description={t(saved ? 'wazzup.key_keep' : 'wazzup.key_hint')}
        placeholder={saved ?? '0123456789abcdef0123456789abcdef'}
        pattern={WAZZUP_KEY_PATTERN}
        requiredText={t('wazzup.key_required')}
        invalidText={t('wazzup.key_invalid')}
        savedText={t('wazzup.key_saved')}
        save={(apiKey) => update({ connection_data: { api_key: apiKey } })}
      />
      <Text size="sm" c="dimmed">
        {t('wazzup.cabinet')}{' '}
        <Anchor href={WAZZUP_CABINET_URL} target="_blank" rel="noopener noreferrer" size="sm">
          Wazzup
        </Anchor>
      </Text>
      {integration.connected && channels.length === 0 && (
        <Alert color="yellow" variant="light" data-testid="wazzup-no-channels">
          <Text size="sm">{t('wazzup.no_channels')}</Text>
        </Alert>
      )}
      {integration.connected && channels.length > 0 && (
        <Stack gap={4}>
          <AppSelect<string>
            label={t('wazzup.channel')}
            description={chosen ? t('wazzup.channel_hint') : t('wazzup.channel_choose')}
            data={channels.map((channel) => ({ value: channel.id, label: wazzupChannelLabel(channel) }))}
            value={channelId}
            disabled={saving}
            onChange={(id) => void choose(id)}
            data-testid="wazzup-channel"
          />
          {chosen && state && (
            <Text size="sm" c="dimmed" data-testid="wazzup-channel-state">
              {t('wazzup.state', { state: t(STATE_TEXT[channelStateKey(state)] ?? 'wazzup.state.other') })}
            </Text>
          )}
        </Stack>
      )}
      {integration.connected && chosen && (
        <QrConnect key={chosen.id} integrationId={integration.id} onConnected={reload} />
      )}
    </Stack>
  );
}
