import { Alert, Button, Code, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { IntegrationChanges, IntegrationView } from '../../api/integrations';
import { notifyError, notifySuccess } from '../../components/notify';
import { useT } from '../../i18n/use-t';

interface AmoSalesbotProps {
  integration: IntegrationView;
  update: (changes: IntegrationChanges) => Promise<unknown>;
}

const DIGITS = /^\d{1,18}$/;

/**
 * The Salesbot that sends the bot's replies into amoCRM chats (reference/crm.md §1.14): the exact
 * text of its one step, with the reply field connecting made, and its id.
 */
export function AmoSalesbot({ integration, update }: AmoSalesbotProps) {
  const { t } = useT();
  const data = integration.connection_data;
  const name = t(`integration.name.${integration.type}`);
  const saved = typeof data.salesbot_id === 'string' ? data.salesbot_id : '';
  const [value, setValue] = useState(saved);
  const [busy, setBusy] = useState(false);
  const step = `{{lead.cf.${String(data.reply_field_id ?? '')}}}`;
  const invalid = value.trim() !== '' && !DIGITS.test(value.trim());

  const save = async () => {
    setBusy(true);
    try {
      await update({ connection_data: { salesbot_id: value.trim() } });
      notifySuccess(t('amo.salesbot.saved'));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs">
      <Title order={5}>{t('amo.salesbot.title')}</Title>
      <Text size="sm">{t('amo.salesbot.text', { name })}</Text>
      <Group gap="xs">
        <Code fz="sm">{step}</Code>
        <CopyButton value={step}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="default" onClick={copy}>
              {copied ? t('amo.salesbot.copied') : t('amo.salesbot.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Group align="flex-start" wrap="wrap">
        <TextInput
          label={t('amo.salesbot.id')}
          description={t('amo.salesbot.id_hint', { name })}
          value={value}
          maxLength={18}
          inputMode="numeric"
          onChange={(event) => setValue(event.currentTarget.value)}
          error={invalid ? t('digits_only') : undefined}
          w={260}
        />
        <Button
          mt={44}
          loading={busy}
          disabled={invalid || value.trim() === saved}
          onClick={() => void save()}
        >
          {t('integrations.settings.save')}
        </Button>
      </Group>
      {!saved && (
        <Alert color="yellow" variant="light">
          {t('amo.salesbot.missing', { name })}
        </Alert>
      )}
    </Stack>
  );
}
