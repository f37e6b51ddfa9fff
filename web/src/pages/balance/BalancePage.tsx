import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useBalance, useRefreshBilling } from '../../api/balance';
import { ErrorModal } from '../../components/ErrorModal';
import { PageLoader } from '../../components/FullScreenLoader';
import { useT } from '../../i18n/use-t';
import { BalanceCard } from './BalanceCard';
import { InvoiceCard } from './InvoiceCard';
import { PaymentReturnNotice, usePaymentReturn } from './PaymentReturn';
import { RecurrentPaymentsCard } from './RecurrentPaymentsCard';
import { SubscriptionBuilder } from './SubscriptionBuilder';
import { SubscriptionsCard } from './SubscriptionsCard';
import { TopUpForm } from './TopUpForm';
import { TransactionsCard } from './TransactionsCard';
import { UsageChart } from './UsageChart';

/**
 * /balance (SPEC §2): the balance and its top-up, the subscriptions and their constructor, the
 * usage chart, the transaction history, automatic payments and the invoice request.
 */
export function BalancePage() {
  const { t } = useT();
  const { data: balance, error, mutate } = useBalance();
  const [returned, dismissReturn] = usePaymentReturn();
  const refresh = useRefreshBilling();

  if (!balance) return error ? <ErrorModal error={error} onRetry={() => mutate()} /> : <PageLoader />;

  return (
    <Stack gap="lg" maw={1180}>
      <Title order={2}>{t('section.balance.title')}</Title>
      {returned && (
        <PaymentReturnNotice
          returned={returned}
          payments={balance.transactions}
          refresh={refresh}
          onClose={dismissReturn}
        />
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <BalanceCard balance={balance} />
        <TopUpForm balance={balance} />
      </SimpleGrid>
      <SubscriptionsCard balance={balance} />
      <SubscriptionBuilder balance={balance} />
      <UsageChart stats={balance.stats} currency={balance.currency} />
      <TransactionsCard />
      <RecurrentPaymentsCard cards={balance.recurrent_payments} />
      {balance.invoices_available && <InvoiceCard />}
      <ErrorModal error={error} onRetry={() => mutate()} />
    </Stack>
  );
}
