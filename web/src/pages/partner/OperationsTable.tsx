import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { PartnerOperation } from '../../api/partner-money';
import { formatDateTime, formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/use-t';

/** Money in green, money out in red, with its sign. */
export function SignedAmount({ minor, currency }: Pick<PartnerOperation, 'currency'> & { minor: number }) {
  const { lang } = useT();
  const sign = minor > 0 ? '+' : minor < 0 ? '−' : '';
  return (
    <Text
      component="span"
      size="sm"
      fw={600}
      c={minor > 0 ? 'green.8' : minor < 0 ? 'red.7' : undefined}
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      data-testid="partner-op-amount"
    >
      {sign}
      {formatMoney(Math.abs(minor), currency, lang)}
    </Text>
  );
}

/** What an operation was: its comment, and for an earning the payment and the share it came from. */
function Details({ operation }: { operation: PartnerOperation }) {
  const { t, lang } = useT();
  const share =
    operation.base_minor !== null && operation.rate_percent !== null
      ? t(operation.kind.startsWith('client_') ? 'partner.ops.discount' : 'partner.ops.share', {
          percent: operation.rate_percent,
          amount: formatMoney(operation.base_minor, operation.currency, lang),
        })
      : null;
  const text = [operation.comment, share].filter(Boolean).join(' · ');
  return text ? (
    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  ) : null;
}

function OperationCards({ items }: { items: PartnerOperation[] }) {
  const { t, lang } = useT();
  return (
    <Stack gap="xs" hiddenFrom="sm" data-testid="partner-ops-cards">
      {items.map((item) => (
        <Paper key={item.id} withBorder radius="md" p="sm" data-testid="partner-op-card">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Text size="sm" fw={500}>
                {t(`partner.ops.kind.${item.kind}`)}
              </Text>
              <SignedAmount minor={item.amount_minor} currency={item.currency} />
            </Group>
            <Text size="xs" c="dimmed">
              {formatDateTime(item.created_at, lang)}
              {item.client ? ` · ${item.client.name}` : ''}
            </Text>
            <Details operation={item} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** The partner balance's movements: date, kind, client, details, the signed amount. */
export function OperationsTable({ items }: { items: PartnerOperation[] }) {
  const { t, lang } = useT();
  return (
    <>
      <OperationCards items={items} />
      <Table.ScrollContainer minWidth={720} visibleFrom="sm">
        <Table
          verticalSpacing="sm"
          striped
          aria-label={t('partner.ops.title')}
          data-testid="partner-ops-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('partner.ops.column.date')}</Table.Th>
              <Table.Th>{t('partner.ops.column.kind')}</Table.Th>
              <Table.Th>{t('partner.ops.column.client')}</Table.Th>
              <Table.Th>{t('partner.ops.column.details')}</Table.Th>
              <Table.Th ta="right">{t('partner.ops.column.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id} data-testid="partner-op-row" data-kind={item.kind}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.created_at, lang)}</Table.Td>
                <Table.Td>{t(`partner.ops.kind.${item.kind}`)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.client?.name ?? '—'}</Table.Td>
                <Table.Td maw={320}>
                  <Details operation={item} />
                </Table.Td>
                <Table.Td ta="right">
                  <SignedAmount minor={item.amount_minor} currency={item.currency} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
