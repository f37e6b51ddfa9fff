import { Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { MINOR_PER_MAJOR } from '../../../../functions/shared/money';
import type { PartnerClient } from '../../api/partner';
import { useT } from '../../i18n/use-t';
import { PaymentPanel } from './PaymentPanel';
import { useClientPayment } from './use-client-payment';

interface TopUpClientModalProps {
  /** The client whose balance is topped up; null keeps the dialog closed. */
  client: PartnerClient | null;
  onClose: () => void;
  onTopUpPartner: () => void;
}

const toMinor = (amount: number | string) =>
  typeof amount === 'number' && amount > 0 ? Math.round(amount * MINOR_PER_MAJOR) : null;

/** "Пополнить баланс" of a client (issue #23 §2): an amount in its currency, priced, then paid. */
export function TopUpClientModal({ client, onClose, onTopUpPartner }: TopUpClientModalProps) {
  const { t, lang } = useT();
  const [amount, setAmount] = useState<number | string>('');
  const [settled] = useDebouncedValue(amount, 250);
  const minor = toMinor(settled);
  const payment = useClientPayment(client, minor ? { amount_minor: minor } : null, onClose);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts empty.
  useEffect(() => setAmount(''), [client?.id]);

  return (
    <Modal
      opened={client !== null}
      onClose={onClose}
      title={client ? t('partner.top_up.title', { name: client.name }) : ''}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="partner-top-up-client"
    >
      {client && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('partner.top_up.hint')}
          </Text>
          <NumberInput
            label={t('partner.top_up.amount', { currency: client.currency })}
            value={amount}
            onChange={setAmount}
            min={0}
            decimalScale={2}
            allowNegative={false}
            thousandSeparator={lang === 'ru' ? ' ' : ','}
            decimalSeparator={lang === 'ru' ? ',' : '.'}
            hideControls
            data-autofocus
          />
          <PaymentPanel
            state={payment}
            empty={t('partner.top_up.empty')}
            onTopUpPartner={onTopUpPartner}
            onCancel={onClose}
          />
        </Stack>
      )}
    </Modal>
  );
}
