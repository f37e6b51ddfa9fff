import { Stack } from '@mantine/core';
import { useBalance } from '../../api/balance';
import {
  createPartnerInvoice,
  goToPartnerPayment,
  usePartnerTransactions,
  useRefreshPartner,
} from '../../api/partner-money';
import { LoadFailed } from '../../components/Alerts';
import { PageLoader } from '../../components/FullScreenLoader';
import { useT } from '../../i18n/use-t';
import { InvoiceCard } from '../balance/InvoiceCard';
import { PaymentReturnNotice, usePaymentReturn } from '../balance/PaymentReturn';
import { TopUpForm } from '../balance/TopUpForm';
import { TransactionsCard } from '../balance/TransactionsCard';
import { OperationsCard } from './OperationsCard';

/**
 * Balance and operations: the partner balance topped up by card or by invoice (the Balance screen's
 * forms for the partner purse), the purse's payments, and every movement of the partner balance.
 */
export function BalanceTab() {
  const { t } = useT();
  // The account's own balance answer says whether card payments and invoices work for its currency.
  const { data: balance, error, mutate } = useBalance();
  // Back from the card page of a partner top-up (/partner?tab=balance&payment=…).
  const [returned, dismissReturn] = usePaymentReturn();
  const payments = usePartnerTransactions({ page: 1, from: '', to: '' });
  const refreshPartner = useRefreshPartner();
  if (!balance)
    return error ? (
      <LoadFailed title={t('partner.balance.load_failed')} error={error} onRetry={() => mutate()} />
    ) : (
      <PageLoader />
    );
  return (
    <Stack gap="lg">
      {returned && (
        <PaymentReturnNotice
          returned={returned}
          payments={payments.data?.items ?? []}
          refresh={() => Promise.all([payments.mutate(), refreshPartner()])}
          onClose={dismissReturn}
        />
      )}
      <TopUpForm
        balance={balance}
        purse={{
          title: t('partner.balance.top_up'),
          terms: t('partner.balance.terms'),
          pay: (amountMinor) => goToPartnerPayment(balance.currency, amountMinor),
        }}
      />
      {balance.invoices_available && (
        <InvoiceCard issue={createPartnerInvoice} hint={t('partner.balance.invoice_hint')} />
      )}
      <OperationsCard />
      <TransactionsCard
        purse={{
          useItems: usePartnerTransactions,
          title: t('partner.balance.payments'),
          emptyText: t('partner.balance.payments_empty'),
        }}
      />
    </Stack>
  );
}
