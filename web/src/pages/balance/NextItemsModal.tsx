import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Currency } from '../../../../functions/shared/constants';
import type { Subscription, SubscriptionItem, SubscriptionKind } from '../../api/subscriptions';
import { ServerError } from '../../components/Alerts';
import { useT } from '../../i18n/use-t';
import { ItemsEditor } from './ItemsEditor';

interface NextItemsModalProps {
  subscription: Subscription | null;
  kinds: SubscriptionKind[];
  currency: Currency;
  onSave: (items: SubscriptionItem[]) => Promise<void>;
  onClose: () => void;
}

const itemsOf = (subscription: Subscription): SubscriptionItem[] =>
  subscription.settings.next_items ??
  subscription.items.map((item) => ({ kind: item.kind, quantity: item.quantity }));

/** The counts the next period (the renewal) will have; this period's counts until changed. */
export function NextItemsModal({ subscription, kinds, currency, onSave, onClose }: NextItemsModalProps) {
  const { t } = useT();
  const [items, setItems] = useState<SubscriptionItem[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (subscription) setItems(itemsOf(subscription));
    setError(null);
  }, [subscription]);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSave(items);
    } catch (failed) {
      setError(failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={subscription !== null}
      onClose={onClose}
      title={t('balance.next.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('balance.next.hint')}
        </Text>
        <ItemsEditor items={items} onChange={setItems} kinds={kinds} currency={currency} />
        <ServerError error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button onClick={save} loading={busy} disabled={items.length === 0}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
