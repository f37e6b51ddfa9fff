import { Button } from '@mantine/core';
import { useState } from 'react';
import { useRefreshBilling } from '../../api/balance';
import { type createInvoice, useRequisites } from '../../api/invoices';
import { LoadFailed } from '../../components/Alerts';
import { PageLoader } from '../../components/FullScreenLoader';
import { useT } from '../../i18n/use-t';
import { BalanceSection } from './BalanceSection';
import { InvoiceForm } from './InvoiceForm';

/**
 * The invoice request for a company paying by bank transfer (rub accounts); the form opens on demand.
 * `issue` and `hint` serve another purse (the partner balance).
 */
export function InvoiceCard({ issue, hint }: { issue?: typeof createInvoice; hint?: string } = {}) {
  const { t } = useT();
  const refresh = useRefreshBilling();
  const [open, setOpen] = useState(false);
  const { data, error, mutate } = useRequisites(open);

  const toggle = (
    <Button size="xs" variant={open ? 'subtle' : 'light'} onClick={() => setOpen((shown) => !shown)}>
      {t(open ? 'balance.invoice.hide' : 'balance.invoice.open')}
    </Button>
  );

  return (
    <BalanceSection
      title={t('balance.invoice.title')}
      description={hint ?? t('balance.invoice.hint')}
      testId="invoice-request"
      actions={toggle}
    >
      {/* Shown in place, not slid open: an opening box that clips and grows moves the form under a
          press (the button is pressed, the release lands on a field, and nothing is sent). */}
      {open &&
        (data ? (
          <InvoiceForm saved={data} onIssued={() => void refresh()} issue={issue} />
        ) : error ? (
          <LoadFailed title={t('balance.invoice.load_failed')} error={error} onRetry={() => mutate()} />
        ) : (
          <PageLoader />
        ))}
    </BalanceSection>
  );
}
