import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { ServerError } from '../../components/Alerts';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { PartnerQuoteSummary } from './PartnerQuoteSummary';
import type { ClientPaymentState } from './use-client-payment';

interface PaymentPanelProps {
  state: ClientPaymentState;
  /** Said until there is something to price. */
  empty: string;
  onTopUpPartner: () => void;
  onCancel: () => void;
}

/** The bottom of a payment dialog: the price, what went wrong, the way to top up, Pay. */
export function PaymentPanel({ state, empty, onTopUpPartner, onCancel }: PaymentPanelProps) {
  const { t, lang } = useT();
  const { quote } = state;
  return (
    <Stack gap="md">
      {quote && !state.mismatch ? (
        <PartnerQuoteSummary quote={quote} stale={state.loading} />
      ) : (
        !state.error && (
          <Text size="sm" c="dimmed" data-testid="partner-quote-empty">
            {empty}
          </Text>
        )
      )}
      <ServerError error={state.error} />
      {quote && quote.missing_minor > 0 && !state.mismatch && (
        <Alert color="orange" variant="light" data-testid="partner-quote-short">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t('partner.quote.short', { amount: formatMoney(quote.missing_minor, quote.currency, lang) })}
            </Text>
            <Button size="xs" variant="light" color="orange" onClick={onTopUpPartner}>
              {t('partner.summary.top_up')}
            </Button>
          </Stack>
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={state.paying}>
          {t('common.cancel')}
        </Button>
        <Button
          onClick={() => void state.pay()}
          loading={state.paying}
          disabled={!state.canPay}
          data-testid="partner-pay-submit"
        >
          {quote && !state.mismatch
            ? t('partner.pay.submit', { amount: formatMoney(quote.total_minor, quote.currency, lang) })
            : t('partner.pay.submit_plain')}
        </Button>
      </Group>
    </Stack>
  );
}
