import { Alert, Divider, Group, Stack, Text } from '@mantine/core';
import type { Balance } from '../../api/balance';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { BalanceSection } from './BalanceSection';

/** The balance with its currency, what was spent lately, whether renewals may charge a card, the minimum bots need (SPEC §9) and the critical warning (SPEC §4). */
export function BalanceCard({ balance }: { balance: Balance }) {
  const { t, lang } = useT();
  const money = (minor: number) => formatMoney(minor, balance.currency, lang);
  const below = balance.total_minor < balance.minimum_minor;
  const spent = balance.stats.days.reduce((sum, day) => sum + day.total_minor, 0);
  const card = balance.recurrent_payments[0];
  return (
    <BalanceSection title={t('balance.current')} testId="balance-card">
      <Stack gap="sm">
        <Text
          fz={36}
          fw={700}
          lh={1.1}
          c={below ? 'red' : undefined}
          data-testid="balance-total"
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {money(balance.total_minor)}
        </Text>
        <Text size="sm" c="dimmed" data-testid="balance-minimum">
          {t('balance.minimum', { amount: money(balance.minimum_minor) })}
        </Text>
        <Divider />
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {t('balance.spent_30')}
          </Text>
          <Text size="sm" fw={500}>
            {money(spent)}
          </Text>
        </Group>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {t('balance.autopay')}
          </Text>
          <Text size="sm" fw={500} truncate>
            {card ? (card.label ?? t('balance.autopay_on')) : t('balance.autopay_off')}
          </Text>
        </Group>
        {balance.critical ? (
          <Alert
            color="red"
            variant="light"
            title={t('balance.critical_title')}
            data-testid="balance-critical"
          >
            {t('balance.critical_text', { minimum: money(balance.minimum_minor) })}
          </Alert>
        ) : (
          below && (
            <Alert color="yellow" variant="light" data-testid="balance-low">
              {t('balance.low_text', { minimum: money(balance.minimum_minor) })}
            </Alert>
          )
        )}
      </Stack>
    </BalanceSection>
  );
}
