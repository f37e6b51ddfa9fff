import { Modal, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { PartnerClient } from '../../api/partner';
import {
  type ClientPurchase,
  type ClientSubscription,
  useClientSubscriptions,
} from '../../api/partner-money';
import type { SubscriptionItem, TermId } from '../../api/subscriptions';
import { useTariffs } from '../../api/subscriptions';
import { LoadFailed } from '../../components/Alerts';
import { PageLoader } from '../../components/FullScreenLoader';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { ItemsEditor } from '../balance/ItemsEditor';
import { kindName, termLabel } from '../balance/kinds';
import { TermControl } from '../balance/TermControl';
import { PaymentPanel } from './PaymentPanel';
import { useClientPayment } from './use-client-payment';

const NEW = 'new';

interface PaySubscriptionModalProps {
  /** The client paid for; null keeps the dialog closed. */
  client: PartnerClient | null;
  onClose: () => void;
  onTopUpPartner: () => void;
}

function SubscriptionChoice({ subscription }: { subscription: ClientSubscription }) {
  const { t, lang } = useT();
  const what = subscription.items.map((item) => `${kindName(item.kind, t)} × ${item.quantity}`).join(', ');
  return (
    <Radio
      value={subscription.id}
      label={`${what} · ${termLabel(subscription.term, t)}`}
      description={formatMoney(subscription.price_minor, subscription.currency, lang)}
      data-testid="partner-unpaid-subscription"
    />
  );
}

/**
 * "Оплатить подписку" (issue #23 §2): one of the client's unpaid subscriptions or a new one, its
 * price with the partner's discount shown before paying, then paid from the partner balance.
 */
export function PaySubscriptionModal({ client, onClose, onTopUpPartner }: PaySubscriptionModalProps) {
  const { t } = useT();
  const { data, error, mutate } = useClientSubscriptions(client?.id ?? null);
  const { data: tariffs } = useTariffs(client?.currency);
  const [choice, setChoice] = useState<string | null>(null);
  const [items, setItems] = useState<SubscriptionItem[]>([]);
  const [term, setTerm] = useState<TermId>('1m');
  const unpaid = data?.items.filter((one) => !one.paid) ?? [];
  const chosen = choice ?? (data ? (unpaid[0]?.id ?? NEW) : null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts from a clean choice.
  useEffect(() => {
    setChoice(null);
    setItems([]);
    setTerm('1m');
  }, [client?.id]);

  let purchase: ClientPurchase | null = null;
  if (chosen === NEW) purchase = items.length > 0 ? { items, term } : null;
  else if (chosen) purchase = { subscription_id: chosen };
  const payment = useClientPayment(client, purchase, onClose);

  let body = null;
  if (!client) body = null;
  else if (!data)
    body = error ? (
      <LoadFailed title={t('partner.pay.load_failed')} error={error} onRetry={() => mutate()} />
    ) : (
      <PageLoader />
    );
  else
    body = (
      <Stack gap="lg">
        {unpaid.length > 0 && (
          <Radio.Group
            label={t('partner.pay.what')}
            value={chosen}
            onChange={setChoice}
            data-testid="partner-pay-choice"
          >
            <Stack gap="sm" mt="xs">
              {unpaid.map((subscription) => (
                <SubscriptionChoice key={subscription.id} subscription={subscription} />
              ))}
              <Radio value={NEW} label={t('partner.pay.new')} data-testid="partner-pay-new" />
            </Stack>
          </Radio.Group>
        )}
        {chosen === NEW &&
          (tariffs ? <TermControl terms={tariffs.terms} value={term} onChange={setTerm} /> : <PageLoader />)}
        <SimpleGrid cols={{ base: 1, sm: chosen === NEW ? 2 : 1 }} spacing="xl">
          {chosen === NEW && tariffs && (
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t('balance.builder.items')}
              </Text>
              <ItemsEditor
                items={items}
                onChange={setItems}
                kinds={tariffs.tariffs.map((tariff) => tariff.kind)}
                prices={Object.fromEntries(
                  tariffs.tariffs.map((tariff) => [tariff.kind, tariff.month_minor]),
                )}
                currency={client.currency}
              />
            </Stack>
          )}
          <PaymentPanel
            state={payment}
            empty={t(chosen === NEW ? 'balance.builder.empty' : 'partner.pay.choose')}
            onTopUpPartner={onTopUpPartner}
            onCancel={onClose}
          />
        </SimpleGrid>
      </Stack>
    );

  return (
    <Modal
      opened={client !== null}
      onClose={onClose}
      title={client ? t('partner.pay.title', { name: client.name }) : ''}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="partner-pay-subscription"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('partner.pay.hint')}
        </Text>
        {body}
      </Stack>
    </Modal>
  );
}
