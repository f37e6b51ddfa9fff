import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useSWRConfig } from 'swr';
import {
  WAPPI_CABINET_URL,
  WAPPI_PROFILE_PATTERN,
  WAPPI_TOKEN_PATTERN,
  wappiPhone,
} from '../../../../functions/shared/wappi';
import { INTEGRATIONS_PATH, type IntegrationChanges, type IntegrationView } from '../../api/integrations';
import type { ApiKey } from '../../api/swr';
import { notifyError, notifySuccess } from '../../components/notify';
import { useT } from '../../i18n/use-t';
import { CredentialForm } from './CredentialForm';
import { QrConnect } from './QrConnect';

interface WappiSettingsProps {
  integration: IntegrationView;
  update: (changes: IntegrationChanges) => Promise<unknown>;
}

/**
 * Wappi fetches a QR only when asked (it pushes none): the page asks this often while it shows one.
 * A second above the server's 15 s between fetches, so timer and network jitter never skip one.
 */
const QR_POLL_SECONDS = 16;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * A Wappi profile's settings: the API token (never shown back in full) and the id of the profile the
 * owner made in the Wappi cabinet; once connected, the profile's name and number and, while the
 * phone is not authorised, its QR, fetched every 15 s while it shows.
 */
export function WappiSettings({ integration, update }: WappiSettingsProps) {
  const { t } = useT();
  const { mutate } = useSWRConfig();
  const data = integration.connection_data;
  const saved = text(data.api_key);
  const savedProfile = text(data.profile_id) ?? '';
  const [profileId, setProfileId] = useState(savedProfile);
  const [profileError, setProfileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = text(data.profile_name);
  const phone = text(data.phone);
  const authorized = data.authorized === true;

  const saveProfile = async (event: FormEvent) => {
    event.preventDefault();
    const typed = profileId.trim();
    if (!WAPPI_PROFILE_PATTERN.test(typed)) {
      setProfileError(t(typed === '' ? 'wappi.profile_required' : 'wappi.profile_invalid'));
      return;
    }
    setBusy(true);
    try {
      await update({ connection_data: { profile_id: typed } });
      setProfileId(typed);
      notifySuccess(t(integration.connected ? 'wappi.profile_reconnect' : 'wappi.profile_saved'));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  /** The scan was seen: the page reads the profile's number and state again. */
  const reload = () =>
    void mutate((key: ApiKey | null) => Array.isArray(key) && key[0] === INTEGRATIONS_PATH);

  return (
    <Stack gap="md" data-testid="wappi-settings">
      <CredentialForm
        label={t('wappi.token')}
        description={t(saved ? 'wappi.token_keep' : 'wappi.token_hint')}
        placeholder={saved ?? '0123456789abcdef0123456789abcdef01234567'}
        pattern={WAPPI_TOKEN_PATTERN}
        requiredText={t('wappi.token_required')}
        invalidText={t('wappi.token_invalid')}
        savedText={t('wappi.token_saved')}
        save={(token) => update({ connection_data: { api_key: token } })}
      />
      <form onSubmit={saveProfile} noValidate>
        <Stack gap="xs">
          <TextInput
            label={t('wappi.profile')}
            description={t('wappi.profile_hint')}
            placeholder="954597cd-cd99"
            autoComplete="off"
            spellCheck={false}
            value={profileId}
            error={profileError}
            onChange={(event) => {
              setProfileId(event.currentTarget.value);
              setProfileError(null);
            }}
            data-testid="wappi-profile"
          />
          <Group>
            <Button
              type="submit"
              variant="default"
              loading={busy}
              disabled={profileId.trim() === savedProfile}
            >
              {t('integrations.settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Text size="sm" c="dimmed">
        {t('wappi.cabinet')}{' '}
        <Anchor href={WAPPI_CABINET_URL} target="_blank" rel="noopener noreferrer" size="sm">
          Wappi
        </Anchor>
      </Text>
      {integration.connected && (
        <Stack gap={4} data-testid="wappi-profile-state">
          {name && <Text size="sm">{t('wappi.profile_name', { name })}</Text>}
          {phone && <Text size="sm">{t('wappi.phone', { phone: wappiPhone(phone) })}</Text>}
          <Text size="sm" c={authorized ? 'green' : 'dimmed'}>
            {t(authorized ? 'wappi.authorized' : 'wappi.not_authorized')}
          </Text>
        </Stack>
      )}
      {integration.connected && !authorized && (
        <QrConnect
          key={savedProfile}
          integrationId={integration.id}
          pollSeconds={QR_POLL_SECONDS}
          onConnected={reload}
        />
      )}
    </Stack>
  );
}
