import { Alert, CloseButton, Group, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Transaction } from '../../api/payments';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/use-t';

/** The provider's notification may come a moment after the payer: the balance is asked again this often. */
const POLL_MS = 1500;
const POLL_TIMES = 8;

interface Returned {
  outcome: 'success' | 'fail';
  transaction: string | null;
}

/**
 * The payer's way back from the payment page (/balance?payment=success|fail&transaction=…): read
 * once, then dropped from the address so a reload does not say it again.
 */
export function usePaymentReturn(): [Returned | null, () => void] {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('payment');
  const [returned, setReturned] = useState<Returned | null>(null);
  useEffect(() => {
    if (outcome !== 'success' && outcome !== 'fail') return;
    setReturned({ outcome, transaction: params.get('transaction') });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('payment');
        next.delete('transaction');
        return next;
      },
      { replace: true },
    );
  }, [outcome, params, setParams]);
  return [returned, () => setReturned(null)];
}

/**
 * Says how the payment went. After a success the balance is reloaded a few times until the payment
 * shows as paid (the notification may arrive a moment later); after a failure, why, when known.
 */
export function PaymentReturnNotice({
  returned,
  payments,
  refresh,
  onClose,
}: {
  returned: Returned;
  /** The newest payments of the balance paid into, where the returning one shows once it is in. */
  payments: readonly Transaction[];
  refresh: () => unknown;
  onClose: () => void;
}) {
  const { t, lang } = useT();
  const payment = payments.find((item) => item.id === returned.transaction);
  const paid = payment?.status === 'paid';
  const [polls, setPolls] = useState(0);
  const waiting = returned.outcome === 'success' && !paid && polls < POLL_TIMES;

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(
      () => {
        void refresh();
        setPolls((count) => count + 1);
      },
      polls === 0 ? 0 : POLL_MS,
    );
    return () => clearTimeout(timer);
  }, [waiting, polls, refresh]);

  const close = <CloseButton aria-label={t('common.close')} onClick={onClose} size="sm" />;

  if (returned.outcome === 'fail') {
    return (
      <Alert color="red" variant="light" role="alert" data-testid="payment-failed">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={600} size="sm">
              {t('balance.payment.fail_title')}
            </Text>
            <Text size="sm">{t('balance.payment.fail_text')}</Text>
            {payment?.reason && (
              <Text size="xs" c="dimmed" mt={4}>
                {t('balance.payment.reason', { reason: payment.reason })}
              </Text>
            )}
          </div>
          {close}
        </Group>
      </Alert>
    );
  }
  return (
    <Alert color={paid ? 'green' : 'blue'} variant="light" role="status" data-testid="payment-succeeded">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text fw={600} size="sm">
            {t('balance.payment.success_title')}
          </Text>
          {paid && payment ? (
            <Text size="sm">
              {t('balance.payment.success_text', {
                amount: formatMoney(payment.amount_minor, payment.currency, lang),
              })}
            </Text>
          ) : (
            <Group gap="xs" wrap="nowrap">
              {waiting && <Loader size="xs" />}
              <Text size="sm">
                {t(waiting ? 'balance.payment.pending_text' : 'balance.payment.still_pending')}
              </Text>
            </Group>
          )}
        </div>
        {close}
      </Group>
    </Alert>
  );
}
