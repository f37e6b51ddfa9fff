import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { Currency } from '../../../../functions/shared/constants';
import type { EarningsBy, EarningsRow } from '../../api/partner-earnings';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/use-t';

/** "03.2025" / "03/2025": a month as the language writes its dates. */
export const monthLabel = (month: string, lang: 'ru' | 'en') => {
  const [year, number] = month.split('-');
  return lang === 'ru' ? `${number}.${year}` : `${number}/${year}`;
};

const rowKey = (row: EarningsRow) => ('month' in row ? row.month : row.client.id);

interface EarningsTableProps {
  by: EarningsBy;
  items: EarningsRow[];
  currency: Currency;
  totalMinor: number;
}

/** Earned, reversed (refunded payments), net and the count of payments, by month or by client. */
export function EarningsTable({ by, items, currency, totalMinor }: EarningsTableProps) {
  const { t, lang } = useT();
  const money = (minor: number) => formatMoney(minor, currency, lang);
  const label = (row: EarningsRow) => ('month' in row ? monthLabel(row.month, lang) : row.client.name);
  const number = { style: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } } as const;
  return (
    <>
      <Stack gap="xs" hiddenFrom="sm" data-testid="partner-earning-cards">
        {items.map((row) => (
          <Paper key={rowKey(row)} withBorder radius="md" p="sm" data-testid="partner-earning-card">
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                {label(row)}
              </Text>
              <Text fw={600} {...number}>
                {money(row.net_minor)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t('partner.earnings.card_line', {
                earned: money(row.earned_minor),
                reversed: money(row.reversed_minor),
                count: row.payments,
              })}
            </Text>
          </Paper>
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={640} visibleFrom="sm">
        <Table
          verticalSpacing="sm"
          striped
          aria-label={t('partner.earnings.title')}
          data-testid="partner-earnings-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                {t(by === 'month' ? 'partner.earnings.column.month' : 'partner.earnings.column.client')}
              </Table.Th>
              <Table.Th ta="right">{t('partner.earnings.column.earned')}</Table.Th>
              <Table.Th ta="right">{t('partner.earnings.column.reversed')}</Table.Th>
              <Table.Th ta="right">{t('partner.earnings.column.net')}</Table.Th>
              <Table.Th ta="right">{t('partner.earnings.column.payments')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((row) => (
              <Table.Tr key={rowKey(row)} data-testid="partner-earning-row">
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{label(row)}</Table.Td>
                <Table.Td ta="right" {...number}>
                  {money(row.earned_minor)}
                </Table.Td>
                <Table.Td ta="right" c={row.reversed_minor > 0 ? 'red.7' : undefined} {...number}>
                  {row.reversed_minor > 0 ? `−${money(row.reversed_minor)}` : money(0)}
                </Table.Td>
                <Table.Td ta="right" fw={600} {...number}>
                  {money(row.net_minor)}
                </Table.Td>
                <Table.Td ta="right">{row.payments}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={3}>{t('partner.earnings.total')}</Table.Th>
              <Table.Th ta="right" {...number} data-testid="partner-earnings-total">
                {money(totalMinor)}
              </Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" hiddenFrom="sm" mt="sm">
        <Text fw={600}>{t('partner.earnings.total')}</Text>
        <Text fw={700} {...number}>
          {money(totalMinor)}
        </Text>
      </Group>
    </>
  );
}
