import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { shopScriptAddress, shopScriptHost } from '../../../../functions/shared/shopscript';
import type { IntegrationChanges, IntegrationView } from '../../api/integrations';
import { notifyError, notifySuccess } from '../../components/notify';
import { useT } from '../../i18n/use-t';

interface ShopScriptSettingsProps {
  integration: IntegrationView;
  update: (changes: IntegrationChanges) => Promise<unknown>;
}

/** What the consent's return route says went wrong (functions/services/integrations/shopscript-consent.ts). */
const RETURN_ERRORS = ['state', 'denied', 'failed', 'subscription'] as const;
type ReturnError = (typeof RETURN_ERRORS)[number];

const returnErrorOf = (value: string | null): ReturnError | null =>
  (RETURN_ERRORS as readonly string[]).includes(value ?? '') ? (value as ReturnError) : null;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A Shop-Script shop's settings (issue #24 §4): its address, saved before connecting; "Connect"
 * above sends the owner to the shop's own consent page, which brings them back here connected (or
 * with `shopscript_error`, explained here). Once connected: which shop and how many products the
 * bot can search. Changing the address ends the connection.
 */
export function ShopScriptSettings({ integration, update }: ShopScriptSettingsProps) {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const saved = text(integration.connection_data.shop_url);
  const [address, setAddress] = useState(saved ? shopScriptHost(saved) : '');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const returned = returnErrorOf(params.get('shopscript_error'));
  const count = integration.connection_data.products_count;
  const normalized = shopScriptAddress(address);
  const changed = (normalized ?? address.trim()) !== saved;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!address.trim()) return setError(t('shopscript.address_required'));
    if (!normalized) return setError(t('shopscript.address_invalid'));
    setBusy(true);
    try {
      await update({ connection_data: { shop_url: normalized } });
      setAddress(shopScriptHost(normalized));
      notifySuccess(t(integration.connected ? 'shopscript.saved_reconnect' : 'shopscript.saved'));
    } catch (failure) {
      notifyError(failure);
    } finally {
      setBusy(false);
    }
  };
  const dismiss = () => {
    const next = new URLSearchParams(params);
    next.delete('shopscript_error');
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="md" data-testid="shopscript-settings">
      {returned && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={t('integration_connect_failed')}
          withCloseButton
          onClose={dismiss}
          data-testid="shopscript-consent-error"
        >
          {t(`shopscript.error.${returned}`)}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {t('shopscript.intro')}
      </Text>
      {integration.connected && saved && (
        <Text size="sm" c="green" data-testid="shopscript-connected">
          {typeof count === 'number'
            ? t('shopscript.connected_to', { host: shopScriptHost(saved), count })
            : t('shopscript.connected_to_host', { host: shopScriptHost(saved) })}
        </Text>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('shopscript.address')}
            description={t('shopscript.address_hint')}
            placeholder="shop.example.ru"
            autoComplete="off"
            spellCheck={false}
            value={address}
            error={error}
            onChange={(event) => {
              setAddress(event.currentTarget.value);
              setError(undefined);
            }}
            data-testid="shopscript-address"
          />
          <Group>
            <Button type="submit" variant="default" loading={busy} disabled={!changed}>
              {t('integrations.settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
