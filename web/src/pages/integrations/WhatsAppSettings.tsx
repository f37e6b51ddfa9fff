import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  META_APPS_URL,
  META_BUSINESS_SETTINGS_URL,
  WHATSAPP_APP_SECRET_PATTERN,
  WHATSAPP_ID_PATTERN,
  WHATSAPP_TOKEN_PATTERN,
  whatsappPhone,
} from '../../../../functions/shared/whatsapp-cloud';
import type { IntegrationChanges, IntegrationView } from '../../api/integrations';
import { notifyError, notifySuccess } from '../../components/notify';
import type { MessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { WhatsAppWebhook } from './WhatsAppWebhook';

interface WhatsAppSettingsProps {
  integration: IntegrationView;
  update: (changes: IntegrationChanges) => Promise<unknown>;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

type Field = 'phone_number_id' | 'waba_id' | 'access_token' | 'app_secret';

/** A field's shape, and whether a blank one keeps what is saved (the secrets). */
const FIELDS: Record<Field, { pattern: RegExp; secret: boolean }> = {
  phone_number_id: { pattern: WHATSAPP_ID_PATTERN, secret: false },
  waba_id: { pattern: WHATSAPP_ID_PATTERN, secret: false },
  access_token: { pattern: WHATSAPP_TOKEN_PATTERN, secret: true },
  app_secret: { pattern: WHATSAPP_APP_SECRET_PATTERN, secret: true },
};

/**
 * The WhatsApp Business Platform (Meta's Cloud API) settings: the owner's own Meta app — the phone
 * number id, the WABA id, a system user's token and the app secret (never shown back in full) —
 * then, once connected, the webhook address and verify token to paste into Meta's dashboard.
 */
export function WhatsAppSettings({ integration, update }: WhatsAppSettingsProps) {
  const { t } = useT();
  const data = integration.connection_data;
  const [values, setValues] = useState<Record<Field, string>>({
    phone_number_id: text(data.phone_number_id) ?? '',
    waba_id: text(data.waba_id) ?? '',
    access_token: '',
    app_secret: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const phone = text(data.display_phone_number);
  const name = text(data.verified_name);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const changes: Record<string, string> = {};
    for (const [field, { pattern, secret }] of Object.entries(FIELDS) as [Field, (typeof FIELDS)[Field]][]) {
      const typed = values[field].trim();
      if (typed === '' && secret && text(data[field])) continue;
      if (typed === '') found[field] = t(`whatsapp.${field}_required` as MessageId);
      else if (!pattern.test(typed)) found[field] = t(`whatsapp.${field}_invalid` as MessageId);
      else changes[field] = typed;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await update({ connection_data: changes });
      setValues((now) => ({ ...now, access_token: '', app_secret: '' }));
      notifySuccess(t(integration.connected ? 'whatsapp.saved_reconnect' : 'whatsapp.saved'));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const input = (field: Field) => ({
    label: t(`whatsapp.${field}` as MessageId),
    description: t(`whatsapp.${field}_hint` as MessageId),
    autoComplete: 'off',
    spellCheck: false,
    value: values[field],
    error: errors[field],
    'data-testid': `whatsapp-${field.replaceAll('_', '-')}`,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((now) => ({ ...now, [field]: value }));
      setErrors((now) => ({ ...now, [field]: undefined }));
    },
  });

  return (
    <Stack gap="md" data-testid="whatsapp-settings">
      <form onSubmit={save} noValidate>
        <Stack gap="sm">
          <TextInput {...input('phone_number_id')} placeholder="106540352242922" inputMode="numeric" />
          <TextInput {...input('waba_id')} placeholder="102290129340398" inputMode="numeric" />
          <PasswordInput
            {...input('access_token')}
            placeholder={text(data.access_token) ?? 'EAAG…'}
            description={t(text(data.access_token) ? 'whatsapp.secret_keep' : 'whatsapp.access_token_hint')}
          />
          <PasswordInput
            {...input('app_secret')}
            placeholder={text(data.app_secret) ?? '0123456789abcdef0123456789abcdef'}
            description={t(text(data.app_secret) ? 'whatsapp.secret_keep' : 'whatsapp.app_secret_hint')}
          />
          <Group>
            <Button type="submit" variant="default" loading={busy}>
              {t('integrations.settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Text size="sm" c="dimmed">
        {t('whatsapp.where')}{' '}
        <Anchor href={META_BUSINESS_SETTINGS_URL} target="_blank" rel="noopener noreferrer" size="sm">
          {t('whatsapp.business_settings')}
        </Anchor>
        {', '}
        <Anchor href={META_APPS_URL} target="_blank" rel="noopener noreferrer" size="sm">
          {t('whatsapp.apps')}
        </Anchor>
      </Text>
      {integration.connected && (phone || name) && (
        <Stack gap={4} data-testid="whatsapp-number">
          {phone && <Text size="sm">{t('whatsapp.number', { phone: whatsappPhone(phone) })}</Text>}
          {name && <Text size="sm">{t('whatsapp.verified_name', { name })}</Text>}
        </Stack>
      )}
      <WhatsAppWebhook integration={integration} />
    </Stack>
  );
}
