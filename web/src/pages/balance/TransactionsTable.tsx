import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { Transaction } from '../../api/payments';
import { formatDateTime } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import {
  TransactionAmount,
  TransactionComment,
  TransactionDocuments,
  TransactionStatusBadge,
} from './TransactionParts';

/** On a phone each transaction is a small card: the table would scroll sideways. */
function TransactionCards({ items }: { items: Transaction[] }) {
  const { t, lang } = useT();
  return (
    <Stack gap="xs" hiddenFrom="sm" data-testid="transactions-cards">
      {items.map((item) => (
        <Paper
          key={item.id}
          withBorder
          radius="md"
          p="sm"
          data-testid="transaction-card"
          data-status={item.status}
        >
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={500}>
                {t(`balance.tx.op.${item.operation}`)}
              </Text>
              <TransactionAmount transaction={item} />
            </Group>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="xs" c="dimmed">
                {formatDateTime(item.date, lang)}
              </Text>
              <TransactionStatusBadge status={item.status} />
            </Group>
            <TransactionComment transaction={item} />
            <TransactionDocuments transaction={item} dash={false} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** SPEC §3 transactions: date, operation, status, amount, comment, documents and the payment link. */
export function TransactionsTable({ items }: { items: Transaction[] }) {
  const { t, lang } = useT();
  return (
    <>
      <TransactionCards items={items} />
      <Table.ScrollContainer minWidth={780} visibleFrom="sm">
        <Table
          verticalSpacing="sm"
          striped
          aria-label={t('balance.tx.title')}
          data-testid="transactions-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('balance.tx.column.date')}</Table.Th>
              <Table.Th>{t('balance.tx.column.operation')}</Table.Th>
              <Table.Th>{t('balance.tx.column.status')}</Table.Th>
              <Table.Th ta="right">{t('balance.tx.column.amount')}</Table.Th>
              <Table.Th>{t('balance.tx.column.comment')}</Table.Th>
              <Table.Th>{t('balance.tx.column.documents')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id} data-testid="transaction-row" data-status={item.status}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.date, lang)}</Table.Td>
                <Table.Td>{t(`balance.tx.op.${item.operation}`)}</Table.Td>
                <Table.Td>
                  <TransactionStatusBadge status={item.status} />
                </Table.Td>
                <Table.Td ta="right">
                  <TransactionAmount transaction={item} />
                </Table.Td>
                <Table.Td maw={280}>
                  <TransactionComment transaction={item} />
                </Table.Td>
                <Table.Td>
                  <TransactionDocuments transaction={item} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
