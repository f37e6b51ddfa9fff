import { CloseButton, Group, Stack, Text } from '@mantine/core';
import type { Currency } from '../../../../functions/shared/constants';
import { MAX_SUBSCRIPTION_QUANTITY } from '../../../../functions/shared/schemas/subscription';
import type { SubscriptionItem, SubscriptionKind } from '../../api/subscriptions';
import { AppSelect } from '../../components/AppSelect';
import { Counter } from '../../components/Counter';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { kindName } from './kinds';

interface ItemsEditorProps {
  items: SubscriptionItem[];
  onChange: (items: SubscriptionItem[]) => void;
  /** Every kind on offer, in the price list's order. */
  kinds: SubscriptionKind[];
  /** The monthly price of one of each kind, shown beside its counter. */
  prices?: Partial<Record<SubscriptionKind, number>>;
  currency: Currency;
}

/** What a subscription covers: a counter per chosen kind, and a select to add another kind. */
export function ItemsEditor({ items, onChange, kinds, prices, currency }: ItemsEditorProps) {
  const { t, lang } = useT();
  const chosen = new Set(items.map((item) => item.kind));
  const rest = kinds.filter((kind) => !chosen.has(kind));
  const setQuantity = (kind: SubscriptionKind, quantity: number) =>
    onChange(items.map((item) => (item.kind === kind ? { ...item, quantity } : item)));

  return (
    <Stack gap="xs">
      {items.map((item) => {
        const name = kindName(item.kind, t);
        const price = prices?.[item.kind];
        return (
          <Group key={item.kind} gap="sm" wrap="nowrap" data-testid="subscription-item-editor">
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>
                {name}
              </Text>
              {price !== undefined && (
                <Text size="xs" c="dimmed">
                  {t('balance.builder.per_month', { amount: formatMoney(price, currency, lang) })}
                </Text>
              )}
            </div>
            <Counter
              aria-label={t('balance.builder.quantity', { kind: name })}
              value={item.quantity}
              onChange={(quantity) => setQuantity(item.kind, quantity)}
              max={MAX_SUBSCRIPTION_QUANTITY}
              positiveOnly
              w={96}
            />
            <CloseButton
              aria-label={t('balance.builder.remove', { kind: name })}
              onClick={() => onChange(items.filter((one) => one.kind !== item.kind))}
            />
          </Group>
        );
      })}
      {rest.length > 0 && (
        <AppSelect<SubscriptionKind>
          // A new select after each choice: it shows its placeholder again, not the kind just added.
          key={rest.length}
          aria-label={t('balance.builder.add_kind')}
          placeholder={t('balance.builder.add_kind')}
          value={null}
          data={rest.map((kind) => ({ value: kind, label: kindName(kind, t) }))}
          onChange={(kind) => onChange([...items, { kind, quantity: 1 }])}
          searchable
          maw={360}
        />
      )}
    </Stack>
  );
}
