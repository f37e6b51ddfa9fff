import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { downloadDocument } from '../../api/invoices';
import type { Transaction, TransactionStatus } from '../../api/payments';
import { notifyError } from '../../components/notify';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { commentText, failureReason, paymentLink } from './transaction-texts';

const STATUS_COLORS: Record<TransactionStatus, string> = {
  paid: 'green',
  not_paid: 'gray',
  write_off: 'blue',
  refunded: 'orange',
};

export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  const { t } = useT();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {t(`balance.tx.status.${status}`)}
    </Badge>
  );
}

/** The amount, signed: + money in, − a write-off; a payment not made or refunded is dimmed. */
export function TransactionAmount({ transaction }: { transaction: Transaction }) {
  const { lang } = useT();
  const { status } = transaction;
  const sign = status === 'write_off' ? '−' : status === 'paid' ? '+' : '';
  return (
    <Text
      span
      size="sm"
      fw={500}
      c={
        status === 'paid' ? 'green.8' : status === 'not_paid' || status === 'refunded' ? 'dimmed' : undefined
      }
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      data-testid="transaction-amount"
    >
      {sign}
      {formatMoney(transaction.amount_minor, transaction.currency, lang)}
    </Text>
  );
}

/** The comment in words and, for a failed payment, why. */
export function TransactionComment({ transaction }: { transaction: Transaction }) {
  const { t } = useT();
  const comment = commentText(transaction, t);
  const reason = failureReason(transaction);
  if (!comment && !reason) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={2}>
      {comment && (
        <Text size="sm" lineClamp={2} title={comment}>
          {comment}
        </Text>
      )}
      {reason && (
        <Text size="xs" c="red" lineClamp={2} title={reason}>
          {t('balance.tx.reason', { reason })}
        </Text>
      )}
    </Stack>
  );
}

/** Downloads a PDF behind the token; busy while it comes. */
function DocumentButton({ url, label, fileName }: { url: string; label: string; fileName: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadDocument(url, fileName);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="compact-xs" variant="light" onClick={download} loading={busy}>
      {label}
    </Button>
  );
}

/** The invoice and act downloads, and the payment page of a payment still waiting for money. */
export function TransactionDocuments({
  transaction,
  dash = true,
}: {
  transaction: Transaction;
  dash?: boolean;
}) {
  const { t } = useT();
  const payUrl = paymentLink(transaction);
  const { invoice_url: invoiceUrl, act_url: actUrl } = transaction;
  if (!invoiceUrl && !actUrl && !payUrl) return dash ? <Text c="dimmed">—</Text> : null;
  return (
    <Group gap={6}>
      {invoiceUrl && (
        <DocumentButton
          url={invoiceUrl}
          label={t('balance.tx.invoice', { number: transaction.invoice_number ?? '' })}
          fileName={`invoice-${transaction.invoice_number ?? transaction.id}.pdf`}
        />
      )}
      {actUrl && (
        <DocumentButton
          url={actUrl}
          label={t('balance.tx.act', { number: transaction.act_number ?? '' })}
          fileName={`act-${transaction.act_number ?? transaction.id}.pdf`}
        />
      )}
      {payUrl && (
        <Anchor href={payUrl} size="sm" fw={500}>
          {t('balance.tx.pay')}
        </Anchor>
      )}
    </Group>
  );
}
