import { NumberInput, SimpleGrid, Switch, Text } from '@mantine/core';
import { MAX_LINK_AMOUNT, MIN_LINK_AMOUNT } from '../../../../../../functions/shared/tbank-link';
import { useT } from '../../../../i18n/use-t';
import { IntegrationSettings } from './IntegrationSettings';
import type { TypeSettingsProps } from './types';

const PAYMENT_TYPES = ['tbank'] as const;

/** Roubles typed, kopecks kept (money in minor units). */
const kopecksOf = (value: string | number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : null;

/**
 * Send a payment link (issue #24 §3): the T-Bank integration whose product and amount the link is
 * for, and whether the bot may name another amount, within limits.
 */
export function PaymentLinkSettings({ settings, change, error }: TypeSettingsProps<'payment_link'>) {
  const { t } = useT();
  const amount = (field: 'min_amount' | 'max_amount', label: string) => (
    <NumberInput
      label={label}
      min={MIN_LINK_AMOUNT / 100}
      max={MAX_LINK_AMOUNT / 100}
      decimalScale={2}
      allowNegative={false}
      thousandSeparator=" "
      suffix=" ₽"
      value={settings[field] === null ? '' : settings[field] / 100}
      onChange={(value) => change({ [field]: kopecksOf(value) })}
      error={error(field)}
      data-testid={`payment-link-${field}`}
    />
  );
  return (
    <IntegrationSettings settings={settings} change={change} error={error} types={PAYMENT_TYPES}>
      <Text size="sm" c="dimmed">
        {t('bot.action.payment_link.hint')}
      </Text>
      <Switch
        label={t('bot.action.payment_link.override')}
        description={t('bot.action.payment_link.override_hint')}
        checked={settings.amount_override}
        onChange={(event) => change({ amount_override: event.currentTarget.checked })}
        data-testid="payment-link-override"
      />
      {settings.amount_override && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={480}>
          {amount('min_amount', t('bot.action.payment_link.min'))}
          {amount('max_amount', t('bot.action.payment_link.max'))}
        </SimpleGrid>
      )}
    </IntegrationSettings>
  );
}
