import { Divider, Group, Stack, Text } from '@mantine/core';
import type { Quote } from '../../api/subscriptions';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { kindName, termLabel } from './kinds';

/** One line of a price: its name on the left, the amount on the right. */
export function QuoteRow({
  label,
  value,
  strong,
  color,
}: {
  label: string;
  value: string;
  strong?: boolean;
  color?: string;
}) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text
        size={strong ? 'lg' : 'sm'}
        fw={strong ? 700 : 500}
        c={color}
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {value}
      </Text>
    </Group>
  );
}

/** The constructor's price: each line for the term, the discount, the total, and what the balance lacks. */
export function QuoteSummary({ quote, stale }: { quote: Quote; stale: boolean }) {
  const { t, lang } = useT();
  const money = (minor: number) => formatMoney(minor, quote.currency, lang);
  return (
    <Stack
      gap={6}
      style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}
      data-testid="subscription-quote"
    >
      {quote.items.map((line) => (
        <QuoteRow
          key={line.kind}
          label={`${kindName(line.kind, t)} × ${line.quantity}, ${termLabel(quote.term, t)}`}
          value={money(line.amount_minor)}
        />
      ))}
      {quote.discount_minor > 0 && (
        <QuoteRow
          label={t('balance.builder.discount_line', { percent: quote.term.discount_percent })}
          value={`−${money(quote.discount_minor)}`}
          color="green"
        />
      )}
      <Divider my={4} />
      <QuoteRow label={t('balance.builder.total')} value={money(quote.total_minor)} strong />
      <QuoteRow label={t('balance.builder.balance')} value={money(quote.balance_minor)} />
      {quote.missing_minor > 0 && (
        <QuoteRow label={t('balance.builder.missing')} value={money(quote.missing_minor)} color="orange" />
      )}
    </Stack>
  );
}
