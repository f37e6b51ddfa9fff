import { Divider, Stack } from '@mantine/core';
import type { PartnerQuote } from '../../api/partner-money';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { kindName, termLabel } from '../balance/kinds';
import { QuoteRow } from '../balance/QuoteSummary';

/**
 * The price before paying for a client: what the client's purchase costs, the partner's discount,
 * what leaves the partner balance, the balance, and what it lacks.
 */
export function PartnerQuoteSummary({ quote, stale }: { quote: PartnerQuote; stale: boolean }) {
  const { t, lang } = useT();
  const money = (minor: number) => formatMoney(minor, quote.currency, lang);
  const lines = quote.items ?? [];
  const listed = lines.reduce((sum, line) => sum + line.amount_minor, 0);
  const { term } = quote;
  const termDiscount = term && listed > quote.full_minor ? listed - quote.full_minor : 0;
  return (
    <Stack
      gap={6}
      style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}
      data-testid="partner-quote"
      aria-busy={stale || undefined}
    >
      {term &&
        lines.map((line) => (
          <QuoteRow
            key={line.kind}
            label={`${kindName(line.kind, t)} × ${line.quantity}, ${termLabel(term, t)}`}
            value={money(line.amount_minor)}
          />
        ))}
      {termDiscount > 0 && term && (
        <QuoteRow
          label={t('balance.builder.discount_line', { percent: term.discount_percent })}
          value={`−${money(termDiscount)}`}
          color="green"
        />
      )}
      <QuoteRow label={t('partner.quote.client_price')} value={money(quote.full_minor)} />
      <QuoteRow
        label={t('partner.quote.discount', { percent: quote.discount_percent })}
        value={`−${money(quote.discount_minor)}`}
        color="green"
      />
      <Divider my={4} />
      <QuoteRow label={t('partner.quote.total')} value={money(quote.total_minor)} strong />
      <QuoteRow label={t('partner.quote.balance')} value={money(quote.balance_minor)} />
      {quote.missing_minor > 0 && (
        <QuoteRow label={t('partner.quote.missing')} value={money(quote.missing_minor)} color="orange" />
      )}
    </Stack>
  );
}
