import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { describeIntegration } from '../../../../functions/shared/integration-catalogue';
import { ApiError, api } from '../../api/client';
import { INTEGRATIONS_PATH, type IntegrationView } from '../../api/integrations';
import { ConfirmModal } from '../../components/ConfirmModal';
import { notifyError, notifySuccess } from '../../components/notify';
import { offerSubscriptionFor } from '../../components/subscription-suggestion';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';

interface ConnectControlsProps {
  integration: IntegrationView;
  connect: () => Promise<unknown>;
  reset: () => Promise<unknown>;
}

/** A failed connection says the SPEC §8 text unless the server said something more specific. */
const failureText = (error: unknown) =>
  error instanceof ApiError && error.serverMessage
    ? error.serverMessage
    : translate('integration_connect_failed');

/** Connect (SPEC §8 success with the reminder to add the channel to a bot, or failure) and reset. */
export function ConnectControls({ integration, connect, reset }: ConnectControlsProps) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: true } | { ok: false; text: string } | null>(null);
  const [resetting, setResetting] = useState(false);
  // Connecting ChatGPT moves every bot to the owner's key: asked first (SPEC §4).
  const [warning, setWarning] = useState(false);
  const warns = integration.type === 'chatgpt' && !integration.connected;
  // OAuth types connect on the system's consent page, which returns to /amo/install.
  const oauth = integration.consent_page === true;
  const oauthReady = oauth && integration.configured !== false;
  const name = t(`integration.name.${integration.type}`);
  // Bitrix24 connects from its own side: the install brings the owner back to confirm.
  const installedThere = describeIntegration(integration.type).installedThere === true;

  const onConnect = async () => {
    if (oauth) {
      // Each consent gets its own single-use state from the server.
      setBusy(true);
      try {
        const { url } = await api<{ url: string }>('POST', `${INTEGRATIONS_PATH}/${integration.id}/consent`);
        window.location.assign(url);
      } catch (error) {
        setResult({ ok: false, text: failureText(error) });
        setBusy(false);
      }
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      await connect();
      setResult({ ok: true });
      notifySuccess(translate('integration_connected'));
    } catch (error) {
      // No free place in a subscription: the suggestion modal offers one; the reason stays on screen.
      offerSubscriptionFor(error);
      setResult({ ok: false, text: failureText(error) });
    } finally {
      setBusy(false);
    }
  };
  const onReset = async () => {
    setBusy(true);
    try {
      await reset();
      setResetting(false);
      setResult(null);
      notifySuccess(translate('integrations.settings.reset_done'));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      {!integration.available && (
        <Text size="sm" c="dimmed">
          {t('integrations.settings.connect_unavailable')}
        </Text>
      )}
      {oauth && !oauthReady && (
        <Alert color="yellow" variant="light" data-testid="oauth-not-configured">
          {t('amo.not_configured', { name, prefix: integration.type.toUpperCase() })}
        </Alert>
      )}
      {oauthReady && !integration.connected && (
        <Text size="sm" c="dimmed">
          {t('amo.connect_hint', { name })}
        </Text>
      )}
      <Group>
        {!installedThere && (
          <Button
            onClick={() => (warns ? setWarning(true) : onConnect())}
            loading={busy}
            // A type the server lacks the partner application of cannot connect (its settings say why).
            disabled={
              !integration.available ||
              (integration.configured === false && !describeIntegration(integration.type).oauthOptional)
            }
          >
            {oauth && !integration.connected
              ? t('amo.connect', { name })
              : t(
                  integration.connected ? 'integrations.settings.reconnect' : 'integrations.settings.connect',
                )}
          </Button>
        )}
        {integration.connected && (
          <Button variant="default" onClick={() => setResetting(true)} disabled={busy}>
            {t('integrations.settings.reset')}
          </Button>
        )}
      </Group>
      {result?.ok === true && (
        <Alert color="green" variant="light" role="status" title={t('integration_connected')}>
          <Text size="sm">{t('integrations.connected_reminder')}</Text>
          <Anchor component={Link} to={PATHS.bots} size="sm">
            {t('integrations.connected_reminder_link')}
          </Anchor>
        </Alert>
      )}
      {result?.ok === false && (
        <Alert color="red" variant="light" role="alert">
          {result.text}
        </Alert>
      )}
      <ConfirmModal
        opened={warning}
        title={t('integrations.chatgpt.warning_title')}
        confirmLabel={t('integrations.settings.connect')}
        loading={busy}
        onConfirm={async () => {
          setWarning(false);
          await onConnect();
        }}
        onClose={() => setWarning(false)}
      >
        {t('integrations.chatgpt.warning')}
      </ConfirmModal>
      <ConfirmModal
        opened={resetting}
        title={t('integrations.settings.reset_title')}
        confirmLabel={t('integrations.settings.reset')}
        loading={busy}
        onConfirm={onReset}
        onClose={() => setResetting(false)}
      >
        {t('integrations.settings.reset_text')}
        {integration.type === 'chatgpt' && ` ${t('integrations.chatgpt.warning_back')}`}
      </ConfirmModal>
    </Stack>
  );
}
