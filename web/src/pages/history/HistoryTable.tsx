import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { HistoryItem } from '../../api/history';
import { formatDateTime, formatMoney } from '../../i18n/format';
import { isMessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';
import { channelLabel } from '../bots/editor/channels';

const COLUMNS = [
  'date',
  'price',
  'bot',
  'source',
  'channel',
  'message',
  'response',
  'event',
  'dialog',
] as const;

/** Long texts show three lines; the whole text is in the title. */
function LongText({ value }: { value: string }) {
  if (!value) return <Text c="dimmed">—</Text>;
  return (
    <Text
      size="sm"
      lineClamp={3}
      title={value}
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}
    >
      {value}
    </Text>
  );
}

/** The price, with the mark of the account's own ChatGPT key. */
function HistoryPrice({ item }: { item: HistoryItem }) {
  const { t, lang } = useT();
  return (
    <>
      {formatMoney(item.price_minor, item.currency, lang)}
      {item.own_key && (
        <Text size="xs" c="dimmed" data-testid="history-own-key">
          {t('history.own_key')}
        </Text>
      )}
      {item.knowledge && (
        <Text
          size="xs"
          c="dimmed"
          title={item.knowledge.sources || undefined}
          data-testid="history-knowledge"
        >
          {t('history.knowledge', { tokens: item.knowledge.tokens })}
        </Text>
      )}
    </>
  );
}

function HistoryBot({ item }: { item: HistoryItem }) {
  const { t } = useT();
  return item.bot ? (
    <Anchor component={Link} to={`${PATHS.bots}/${item.bot.id}`} size="sm">
      {item.bot.name || t('bot.untitled')}
    </Anchor>
  ) : (
    <Text size="sm" c="dimmed">
      {t('history.bot_deleted')}
    </Text>
  );
}

/**
 * A failure's own text (the model's or the channel's). A refusal's event already names its reason
 * in the reader's language; rows written before refusals stopped storing a text keep one in the
 * language of that day, which would only repeat the event.
 */
const showsError = (item: HistoryItem): item is HistoryItem & { error: string } =>
  item.status === 'error' && !!item.error && !item.event.startsWith('refused_');

/** The success/error badge, the event and the error. */
function HistoryEvent({ item }: { item: HistoryItem }) {
  const { t } = useT();
  // Event codes are translated by the catalogs (engine_event_<code>); an unknown one shows as it is.
  const id = `engine_event_${item.event}`;
  return (
    <Stack gap={4} align="flex-start">
      {item.status === 'success' ? (
        <Badge color="green" variant="light">
          {t('history.status.success')}
        </Badge>
      ) : (
        <Badge color="red" variant="light">
          {t('history.status.error')}
        </Badge>
      )}
      <LongText value={isMessageId(id) ? t(id) : item.event} />
      {showsError(item) && (
        <Text size="xs" c="red" lineClamp={3} title={item.error}>
          {item.error}
        </Text>
      )}
    </Stack>
  );
}

function HistoryDialog({ item }: { item: HistoryItem }) {
  return item.dialog ? (
    <Text size="sm" ff="monospace" title={item.dialog}>
      {item.dialog.slice(0, 8)}
    </Text>
  ) : (
    <Text c="dimmed">—</Text>
  );
}

/** A column's name over its value, in a card. */
function Field({ column, children }: { column: (typeof COLUMNS)[number]; children: ReactNode }) {
  const { t } = useT();
  return (
    <div>
      <Text size="xs" c="dimmed">
        {t(`history.column.${column}`)}
      </Text>
      {children}
    </div>
  );
}

/** On a phone each answer is a small card: the table would scroll sideways. */
function HistoryCards({ items }: { items: HistoryItem[] }) {
  const { t, lang } = useT();
  return (
    <Stack gap="xs" hiddenFrom="md" data-testid="history-cards">
      {items.map((item) => (
        <Paper key={item.id} withBorder radius="md" p="sm" data-testid="history-card">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Text size="xs" c="dimmed">
                {formatDateTime(item.date, lang)}
              </Text>
              <Text size="sm" ta="right">
                <HistoryPrice item={item} />
              </Text>
            </Group>
            <HistoryBot item={item} />
            <Text size="xs" c="dimmed">
              {[...new Set([channelLabel(item.source, t), channelLabel(item.channel, t)])].join(' · ')}
            </Text>
            <Field column="message">
              <LongText value={item.message} />
            </Field>
            <Field column="response">
              <LongText value={item.response ?? ''} />
            </Field>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-end">
              <HistoryEvent item={item} />
              {item.dialog && (
                <Field column="dialog">
                  <HistoryDialog item={item} />
                </Field>
              )}
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** The answers of the period: SPEC §2 History columns; the event carries the success/error badge. */
export function HistoryTable({ items }: { items: HistoryItem[] }) {
  const { t, lang } = useT();
  return (
    <>
      <Table.ScrollContainer minWidth={940} visibleFrom="md">
        <Table
          verticalSpacing="sm"
          striped
          aria-label={t('section.history.title')}
          data-testid="history-table"
        >
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column}>{t(`history.column.${column}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id} data-testid="history-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.date, lang)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="history-price">
                  <HistoryPrice item={item} />
                </Table.Td>
                <Table.Td>
                  <HistoryBot item={item} />
                </Table.Td>
                <Table.Td>
                  <LongText value={channelLabel(item.source, t)} />
                </Table.Td>
                <Table.Td>
                  <LongText value={channelLabel(item.channel, t)} />
                </Table.Td>
                <Table.Td miw={160}>
                  <LongText value={item.message} />
                </Table.Td>
                <Table.Td miw={160}>
                  <LongText value={item.response ?? ''} />
                </Table.Td>
                <Table.Td miw={130}>
                  <HistoryEvent item={item} />
                </Table.Td>
                <Table.Td>
                  <HistoryDialog item={item} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <HistoryCards items={items} />
    </>
  );
}
