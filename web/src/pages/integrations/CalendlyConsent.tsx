import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError, api } from '../../api/client';
import { INTEGRATIONS_PATH, type IntegrationView } from '../../api/integrations';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';

/** What the consent's return route says went wrong (functions/services/integrations/calendly-consent.ts). */
const RETURN_ERRORS = ['state', 'denied', 'failed', 'subscription'] as const;
type ReturnError = (typeof RETURN_ERRORS)[number];

const returnErrorOf = (value: string | null): ReturnError | null =>
  (RETURN_ERRORS as readonly string[]).includes(value ?? '') ? (value as ReturnError) : null;

/**
 * Connecting Calendly on its consent page, where the server has a Calendly application: each press
 * gets a fresh single-use state and the browser goes to Calendly, which sends it back connected (or
 * with `calendly_error`, explained here).
 */
export function CalendlyConsent({ integration }: { integration: IntegrationView }) {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const returned = returnErrorOf(params.get('calendly_error'));

  const start = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { url } = await api<{ url: string }>('POST', `${INTEGRATIONS_PATH}/${integration.id}/consent`);
      window.location.assign(url);
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : translate('integration_connect_failed'),
      );
      setBusy(false);
    }
  };
  const dismiss = () => {
    const next = new URLSearchParams(params);
    next.delete('calendly_error');
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="xs" data-testid="calendly-consent">
      {returned && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={t('calendly.oauth.failed')}
          withCloseButton
          onClose={dismiss}
          data-testid="calendly-consent-error"
        >
          {t(`calendly.oauth.error.${returned}`)}
        </Alert>
      )}
      {integration.configured === true && (
        <>
          {!integration.connected && (
            <Text size="sm" c="dimmed">
              {t('calendly.oauth.hint')}
            </Text>
          )}
          <Button variant={integration.connected ? 'default' : 'filled'} loading={busy} onClick={start}>
            {t('calendly.oauth.connect')}
          </Button>
        </>
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
