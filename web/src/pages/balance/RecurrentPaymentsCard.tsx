import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useRefreshBilling } from '../../api/balance';
import { cancelRecurrentPayment, type RecurrentPayment } from '../../api/payments';
import { ConfirmModal } from '../../components/ConfirmModal';
import { notifyError, notifySuccess } from '../../components/notify';
import { formatDate } from '../../i18n/format';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { BalanceSection } from './BalanceSection';
import { providerName } from './transaction-texts';

/** Automatic payments (SPEC §2): the cards renewals may be charged to, each cancellable after asking. */
export function RecurrentPaymentsCard({ cards }: { cards: RecurrentPayment[] }) {
  const { t, lang } = useT();
  const refresh = useRefreshBilling();
  const [cancelling, setCancelling] = useState<RecurrentPayment | null>(null);
  const [busy, setBusy] = useState(false);
  const cardName = (card: RecurrentPayment) => card.label || providerName(card.provider, t) || card.provider;

  const confirm = async () => {
    if (!cancelling) return;
    setBusy(true);
    try {
      await cancelRecurrentPayment(cancelling.id);
      setCancelling(null);
      notifySuccess(translate('balance.cards.cancelled'));
      await refresh();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <BalanceSection
      title={t('balance.cards.title')}
      description={t('balance.cards.hint')}
      testId="recurrent-payments"
    >
      {cards.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="recurrent-empty">
          {t('balance.cards.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {cards.map((card) => (
            <Paper key={card.id} withBorder radius="md" p="sm" data-testid="recurrent-payment">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} ff="monospace" truncate>
                    {cardName(card)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[
                      providerName(card.provider, t),
                      t('balance.cards.added', { date: formatDate(card.created_at, lang) }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </div>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  onClick={() => setCancelling(card)}
                  aria-label={t('balance.cards.cancel_named', { name: cardName(card) })}
                >
                  {t('balance.cards.cancel')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <ConfirmModal
        opened={cancelling !== null}
        title={t('balance.cards.cancel_title')}
        confirmLabel={t('balance.cards.cancel')}
        loading={busy}
        onConfirm={confirm}
        onClose={() => setCancelling(null)}
      >
        {cancelling ? t('balance.cards.cancel_text', { name: cardName(cancelling) }) : null}
      </ConfirmModal>
    </BalanceSection>
  );
}
