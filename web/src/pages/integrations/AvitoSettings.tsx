import { Anchor, Stack, Text } from '@mantine/core';
import {
  AVITO_API_PAGE_URL,
  AVITO_CLIENT_ID_PATTERN,
  AVITO_CLIENT_SECRET_PATTERN,
} from '../../../../functions/shared/avito';
import type { IntegrationChanges, IntegrationView } from '../../api/integrations';
import { useT } from '../../i18n/use-t';
import { CredentialForm } from './CredentialForm';

interface AvitoSettingsProps {
  integration: IntegrationView;
  update: (changes: IntegrationChanges) => Promise<unknown>;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * An Avito account's settings: the client id and secret of its "API для бизнеса" (the secret never
 * shown back in full), and, once connected, the account they belong to. The user id is learned on
 * connecting, so the owner types only the two keys.
 */
export function AvitoSettings({ integration, update }: AvitoSettingsProps) {
  const { t } = useT();
  const data = integration.connection_data;
  const savedSecret = text(data.client_secret);
  const savedId = text(data.client_id);
  const name = integration.connected ? text(data.account_name) : null;
  const userId = integration.connected ? text(data.user_id) : null;

  return (
    <Stack gap="md" data-testid="avito-settings">
      {integration.connected && (
        <Stack gap={4} data-testid="avito-account">
          {name && <Text size="sm">{t('avito.account', { name })}</Text>}
          {userId && (
            <Text size="sm" c="dimmed">
              {t('avito.user_id', { id: userId })}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('avito.connected_note')}
          </Text>
        </Stack>
      )}
      <CredentialForm
        login={{
          label: t('avito.client_id'),
          placeholder: savedId ?? 'jIC1ZsbUkDO_E2FymKEd',
          requiredText: t('avito.client_id_required'),
          pattern: AVITO_CLIENT_ID_PATTERN,
          invalidText: t('avito.client_id_invalid'),
        }}
        label={t('avito.client_secret')}
        description={t(savedSecret ? 'avito.client_secret_keep' : 'avito.client_secret_hint')}
        placeholder={savedSecret ?? ''}
        pattern={AVITO_CLIENT_SECRET_PATTERN}
        requiredText={t('avito.client_secret_required')}
        invalidText={t('avito.client_secret_invalid')}
        savedText={t('avito.saved')}
        save={(secret, id) => update({ connection_data: { client_id: id, client_secret: secret } })}
      />
      <Text size="sm" c="dimmed">
        {t('avito.api_page')}{' '}
        <Anchor href={AVITO_API_PAGE_URL} target="_blank" rel="noopener noreferrer" size="sm">
          {t('avito.api_page_link')}
        </Anchor>
      </Text>
    </Stack>
  );
}
