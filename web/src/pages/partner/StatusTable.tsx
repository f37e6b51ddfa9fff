import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { PARTNER_STATUSES, type PartnerStatusId } from '../../../../functions/shared/partner-programme';
import { useT } from '../../i18n/use-t';

/** The statuses of the programme (functions/shared/partner-programme.ts), the partner's own marked. */
export function StatusTable({ current }: { current: PartnerStatusId | null }) {
  const { t } = useT();
  const percent = (value: number) => t('partner.statuses.percent', { value });
  return (
    <>
      <Stack gap="xs" hiddenFrom="sm" data-testid="partner-status-cards">
        {PARTNER_STATUSES.map((status) => (
          <Paper
            key={status.id}
            withBorder
            radius="md"
            p="sm"
            bg={status.id === current ? 'var(--mantine-primary-color-light)' : undefined}
          >
            <Group gap="xs" mb={4}>
              <Text fw={600}>{t(`partner.status.${status.id}`)}</Text>
              {status.id === current && (
                <Badge size="xs" variant="light">
                  {t('partner.statuses.yours')}
                </Badge>
              )}
            </Group>
            <Text size="sm">
              {t('partner.statuses.column.paying')}:{' '}
              {t('partner.statuses.from', { count: status.payingAccounts })}
            </Text>
            <Text size="sm">
              {t('partner.statuses.column.discount')}: {percent(status.discountPercent)}
            </Text>
            <Text size="sm">
              {t('partner.statuses.column.subscriptions')}: {percent(status.subscriptionSharePercent)}
            </Text>
            <Text size="sm">
              {t('partner.statuses.column.transactions')}: {percent(status.transactionSharePercent)}
            </Text>
          </Paper>
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={560} visibleFrom="sm">
        <Table verticalSpacing="sm" aria-label={t('partner.statuses.title')} data-testid="partner-statuses">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('partner.statuses.column.status')}</Table.Th>
              <Table.Th ta="right">{t('partner.statuses.column.paying')}</Table.Th>
              <Table.Th ta="right">{t('partner.statuses.column.discount')}</Table.Th>
              <Table.Th ta="right">{t('partner.statuses.column.subscriptions')}</Table.Th>
              <Table.Th ta="right">{t('partner.statuses.column.transactions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {PARTNER_STATUSES.map((status) => (
              <Table.Tr
                key={status.id}
                bg={status.id === current ? 'var(--mantine-primary-color-light)' : undefined}
                data-current={status.id === current || undefined}
              >
                <Table.Td fw={500}>
                  {t(`partner.status.${status.id}`)}
                  {status.id === current && (
                    <Badge size="xs" variant="light" ml="xs">
                      {t('partner.statuses.yours')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">{t('partner.statuses.from', { count: status.payingAccounts })}</Table.Td>
                <Table.Td ta="right">{percent(status.discountPercent)}</Table.Td>
                <Table.Td ta="right">{percent(status.subscriptionSharePercent)}</Table.Td>
                <Table.Td ta="right">{percent(status.transactionSharePercent)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
