import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  ALFA_API_KEY_PATTERN,
  ALFA_BRANCH_PATTERN,
  alfaHostname,
} from '../../../../functions/shared/alfacrm';
import type { IntegrationChanges, IntegrationView } from '../../api/integrations';
import { notifyError, notifySuccess } from '../../components/notify';
import { useT } from '../../i18n/use-t';

interface AlfaCrmSettingsProps {
  integration: IntegrationView;
  update: (changes: IntegrationChanges) => Promise<unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Field = 'hostname' | 'email' | 'branch_id' | 'api_key';
type Errors = Partial<Record<Field, string>>;

/**
 * An AlfaCRM account's settings: its address, the API user's e-mail and key (the key never shown
 * back in full) and the branch; saved together, then "Connect" above checks them. Changing any
 * of them ends a connection.
 */
export function AlfaCrmSettings({ integration, update }: AlfaCrmSettingsProps) {
  const { t } = useT();
  const data = integration.connection_data;
  const savedKey = text(data.api_key);
  const saved = {
    hostname: text(data.hostname),
    email: text(data.email),
    branch_id: text(data.branch_id) || '1',
  };
  const [values, setValues] = useState({ ...saved, api_key: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const changed =
    values.api_key.trim() !== '' ||
    (['hostname', 'email', 'branch_id'] as const).some((field) => values[field].trim() !== saved[field]);

  const set = (field: Field) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const check = (): Errors => {
    const found: Errors = {};
    const hostname = values.hostname.trim();
    if (!hostname) found.hostname = t('alfa.hostname_required');
    else if (!alfaHostname(hostname)) found.hostname = t('alfa.hostname_invalid');
    const email = values.email.trim();
    if (!email) found.email = t('alfa.email_required');
    else if (!EMAIL.test(email)) found.email = t('alfa.email_invalid');
    if (!ALFA_BRANCH_PATTERN.test(values.branch_id.trim())) found.branch_id = t('alfa.branch_invalid');
    const key = values.api_key.trim();
    if (!key && !savedKey) found.api_key = t('alfa.api_key_required');
    else if (key && !ALFA_API_KEY_PATTERN.test(key)) found.api_key = t('alfa.api_key_invalid');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const hostname = alfaHostname(values.hostname) ?? '';
    const changes: Record<string, string> = {
      hostname,
      email: values.email.trim().toLowerCase(),
      branch_id: values.branch_id.trim(),
    };
    if (values.api_key.trim()) changes.api_key = values.api_key.trim();
    setBusy(true);
    try {
      await update({ connection_data: changes });
      setValues((current) => ({ ...current, hostname, api_key: '' }));
      notifySuccess(t(integration.connected ? 'alfa.saved_reconnect' : 'alfa.saved'));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" data-testid="alfacrm-settings">
      <Text size="sm" c="dimmed">
        {t('alfa.intro')}
      </Text>
      {integration.connected && (
        <Text size="sm" c="green" data-testid="alfacrm-connected">
          {t('alfa.connected_to', {
            host: saved.hostname,
            branch: text(data.branch_name) || saved.branch_id,
          })}
        </Text>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('alfa.hostname')}
            description={t('alfa.hostname_hint')}
            placeholder="school.s20.online"
            autoComplete="off"
            spellCheck={false}
            value={values.hostname}
            error={errors.hostname}
            onChange={set('hostname')}
            data-testid="alfacrm-hostname"
          />
          <TextInput
            label={t('alfa.email')}
            placeholder="api@school.ru"
            type="email"
            autoComplete="off"
            value={values.email}
            error={errors.email}
            onChange={set('email')}
            data-testid="alfacrm-email"
          />
          <PasswordInput
            label={t('alfa.api_key')}
            description={t(savedKey ? 'alfa.api_key_keep' : 'alfa.api_key_hint')}
            placeholder={savedKey || 'a1b2c3d4-e5f6-…'}
            autoComplete="off"
            spellCheck={false}
            value={values.api_key}
            error={errors.api_key}
            onChange={set('api_key')}
            data-testid="alfacrm-api-key"
          />
          <TextInput
            label={t('alfa.branch')}
            description={t('alfa.branch_hint')}
            inputMode="numeric"
            value={values.branch_id}
            error={errors.branch_id}
            onChange={set('branch_id')}
            data-testid="alfacrm-branch"
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
