import { CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { WEBHOOK_METHODS } from '../../../../../../functions/shared/schemas/bot-actions';
import { AppSelect } from '../../../../components/AppSelect';
import { AddItemButton, removeAt, updateAt } from '../../../../components/list-items';
import { MentionTextarea } from '../../../../components/MentionTextarea';
import { useT } from '../../../../i18n/use-t';
import type { TypeSettingsProps } from './types';

/** Webhook: method and URL, headers, and a body template with `@` variables. */
export function WebhookSettings({ settings, change, error, mentions }: TypeSettingsProps<'webhook'>) {
  const { t } = useT();
  const headers = settings.headers;
  const changeHeader = (h: number, changes: Partial<(typeof headers)[number]>) =>
    change({
      headers: updateAt(headers, h, (item) => ({ ...item, ...changes })),
    });
  return (
    <Stack gap="sm">
      <Group align="flex-start" wrap="nowrap">
        <AppSelect
          label={t('bot.action.webhook.method')}
          value={settings.method}
          data={WEBHOOK_METHODS.map((method) => ({ value: method, label: method }))}
          onChange={(method) => change({ method })}
          w={130}
        />
        <TextInput
          flex={1}
          label={t('bot.action.webhook.url')}
          placeholder="https://example.com/hook"
          value={settings.url}
          maxLength={2000}
          onChange={(event) => change({ url: event.currentTarget.value })}
          error={error('url')}
        />
      </Group>
      <Text size="sm" fw={500}>
        {t('bot.action.webhook.headers')}
      </Text>
      {headers.map((header, h) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: headers have no id; their name is being edited
        <Group key={h} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            flex={1}
            aria-label={t('bot.action.webhook.header_name', { n: h + 1 })}
            placeholder="Authorization"
            value={header.name}
            onChange={(event) => changeHeader(h, { name: event.currentTarget.value })}
          />
          <TextInput
            flex={2}
            aria-label={t('bot.action.webhook.header_value', { n: h + 1 })}
            value={header.value}
            onChange={(event) => changeHeader(h, { value: event.currentTarget.value })}
            error={error(`headers.${h}.value`)}
          />
          <CloseButton
            mt={6}
            aria-label={t('list.remove_item', { n: h + 1 })}
            onClick={() => change({ headers: removeAt(headers, h) })}
          />
        </Group>
      ))}
      <AddItemButton
        disabled={headers.length >= 20}
        onClick={() => change({ headers: [...headers, { name: '', value: '' }] })}
      >
        {t('bot.action.webhook.add_header')}
      </AddItemButton>
      <MentionTextarea
        label={t('bot.action.webhook.body')}
        description={t('bot.action.webhook.body_hint')}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        minRows={3}
        limit={1000}
        maxLength={5000}
        options={mentions}
        value={settings.body_template}
        onChange={(body_template) => change({ body_template })}
        error={error('body_template')}
      />
    </Stack>
  );
}
