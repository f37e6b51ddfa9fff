import { Box, Paper, Stack, Table, Text } from '@mantine/core';
import type { SalonBranch } from '../../../../functions/shared/booking';
import { useT } from '../../i18n/use-t';

/**
 * A salon network's branches as connecting learned them: where each is and whose clock it keeps. A
 * table on a wide screen, a card per branch on a phone (the time zone must not scroll out of sight).
 */
export function SalonBranchesTable({ branches }: { branches: readonly SalonBranch[] }) {
  const { t } = useT();
  return (
    <Box data-testid="salon-branches">
      <Table striped withTableBorder verticalSpacing="xs" visibleFrom="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('salon.branch.title')}</Table.Th>
            <Table.Th>{t('salon.branch.address')}</Table.Th>
            <Table.Th>{t('salon.branch.time_zone')}</Table.Th>
            <Table.Th>{t('salon.branch.id')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {branches.map((branch) => (
            <Table.Tr key={branch.id}>
              <Table.Td fw={500}>{branch.title || '—'}</Table.Td>
              <Table.Td>{branch.address || '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{branch.time_zone || '—'}</Table.Td>
              <Table.Td c="dimmed" ff="monospace">
                {branch.id}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap="xs" hiddenFrom="sm">
        {branches.map((branch) => (
          <Paper key={branch.id} withBorder radius="md" p="sm">
            <Text size="sm" fw={500}>
              {branch.title || '—'}
            </Text>
            {branch.address && <Text size="sm">{branch.address}</Text>}
            <Text size="sm" c="dimmed">
              {t('salon.branch.time_zone')}: {branch.time_zone || '—'} · {t('salon.branch.id')} {branch.id}
            </Text>
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}
