import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PROVIDER_MIN_MINOR } from '../../../../functions/shared/schemas/payment';
import { goToPayment } from '../../api/payments';
import type { Shortfall } from '../../api/subscriptions';
import { notifyError } from '../../components/notify';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/use-t';

/**
 * A purchase the balance could not pay (402): the subscription waits unpaid, and a top-up of the
 * missing amount pays it as soon as the money arrives. A shortfall under the smallest top-up is
 * topped up by that smallest amount (the rest stays on the balance).
 */
export function ShortfallAlert({
  shortfall,
  paymentsConfigured,
  onClose,
}: {
  shortfall: Shortfall;
  paymentsConfigured: boolean;
  onClose?: () => void;
}) {
  const { t, lang } = useT();
  const [busy, setBusy] = useState(false);
  const minimum = PROVIDER_MIN_MINOR[shortfall.currency];
  const amount = Math.max(shortfall.missing_minor, minimum);
  const money = (minor: number) => formatMoney(minor, shortfall.currency, lang);

  const topUp = async () => {
    setBusy(true);
    try {
      await goToPayment({
        currency: shortfall.currency,
        amount_minor: amount,
        recurrent: false,
        subscription_id: shortfall.subscription_id,
      });
    } catch (error) {
      setBusy(false);
      notifyError(error);
    }
  };

  return (
    <Alert
      color="orange"
      variant="light"
      role="alert"
      title={t('balance.shortfall.title')}
      data-testid="subscription-shortfall"
      withCloseButton={onClose !== undefined}
      onClose={onClose}
      closeButtonLabel={t('common.close')}
    >
      <Stack gap="xs">
        <Text size="sm">{shortfall.message}</Text>
        <Text size="sm" c="dimmed">
          {t('balance.shortfall.hint')}
          {amount > shortfall.missing_minor && ` ${t('balance.shortfall.minimum', { min: money(minimum) })}`}
        </Text>
        <Group>
          {paymentsConfigured ? (
            <Button color="orange" onClick={topUp} loading={busy}>
              {t('balance.shortfall.top_up', { amount: money(amount) })}
            </Button>
          ) : (
            <Text size="sm">{t('balance.topup.not_configured', { currency: shortfall.currency })}</Text>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
