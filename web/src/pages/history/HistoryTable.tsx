import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
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

/** The answers of the period: SPEC §2 History columns; the event carries the success/error badge. */
export function HistoryTable({ items }: { items: HistoryItem[] }) {
  const { t, lang } = useT();
  // Event codes are translated by the catalogs (engine_event_<code>); an unknown one shows as it is.
  const eventText = (event: string) => {
    const id = `engine_event_${event}`;
    return isMessageId(id) ? t(id) : event;
  };
  return (
    <Table.ScrollContainer minWidth={940}>
      <Table verticalSpacing="sm" striped aria-label={t('section.history.title')} data-testid="history-table">
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
                {formatMoney(item.price_minor, item.currency, lang)}
                {item.own_key && (
                  <Text size="xs" c="dimmed" data-testid="history-own-key">
                    {t('history.own_key')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {item.bot ? (
                  <Anchor component={Link} to={`${PATHS.bots}/${item.bot.id}`} size="sm">
                    {item.bot.name || t('bot.untitled')}
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('history.bot_deleted')}
                  </Text>
                )}
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
                  <LongText value={eventText(item.event)} />
                  {item.status === 'error' && item.error && (
                    <Text size="xs" c="red" lineClamp={3} title={item.error}>
                      {item.error}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                {item.dialog ? (
                  <Text size="sm" ff="monospace" title={item.dialog}>
                    {item.dialog.slice(0, 8)}
                  </Text>
                ) : (
                  <Text c="dimmed">—</Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
