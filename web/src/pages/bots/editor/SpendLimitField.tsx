import { NumberInput, Stack, Switch } from '@mantine/core';
import { useEffect, useState } from 'react';
import { MINIMUM_BALANCE_MINOR } from '../../../../../functions/shared/balance';
import type { Currency } from '../../../../../functions/shared/constants';
import { MINOR_PER_MAJOR } from '../../../../../functions/shared/money';
import { MAX_DAILY_SPEND_LIMIT_MINOR } from '../../../../../functions/shared/schemas/bot-conditions';
import { useT } from '../../../i18n/use-t';

interface SpendLimitFieldProps {
  /** Minor units of the account's currency; null for no limit. */
  value: number | null;
  currency: Currency;
  onChange: (value: number | null) => void;
}

const MAX_MAJOR = MAX_DAILY_SPEND_LIMIT_MINOR / MINOR_PER_MAJOR;

/**
 * The bot's daily spend limit: entered in major units (roubles, dollars) with kopecks or cents,
 * kept in minor units. An empty or zero amount is not taken: the field says so and, left, shows
 * the amount kept again.
 */
export function SpendLimitField({ value, currency, onChange }: SpendLimitFieldProps) {
  const { t, lang } = useT();
  const [text, setText] = useState<number | string>(value === null ? '' : value / MINOR_PER_MAJOR);
  useEffect(() => {
    if (value !== null) setText(value / MINOR_PER_MAJOR);
  }, [value]);
  const amount = typeof text === 'number' ? Math.round(text * MINOR_PER_MAJOR) : 0;
  const error = value !== null && amount < 1 ? t('bot.spend_limit.positive') : undefined;
  return (
    <Stack gap="xs">
      <Switch
        label={t('bot.spend_limit.enabled')}
        description={t('bot.spend_limit.enabled_hint')}
        checked={value !== null}
        onChange={(event) =>
          onChange(event.currentTarget.checked ? MINIMUM_BALANCE_MINOR[currency] * 10 : null)
        }
      />
      {value !== null && (
        <NumberInput
          label={t('bot.spend_limit.amount', { currency: currency.toLowerCase() })}
          description={t('bot.spend_limit.amount_hint')}
          value={text}
          min={0}
          max={MAX_MAJOR}
          decimalScale={2}
          allowNegative={false}
          clampBehavior="strict"
          decimalSeparator={lang === 'ru' ? ',' : '.'}
          thousandSeparator={lang === 'ru' ? ' ' : ','}
          error={error}
          onChange={(next) => {
            setText(next);
            const minor = typeof next === 'number' ? Math.round(next * MINOR_PER_MAJOR) : 0;
            if (minor >= 1) onChange(minor);
          }}
          onBlur={() => {
            if (amount < 1) setText(value / MINOR_PER_MAJOR);
          }}
          w={240}
        />
      )}
    </Stack>
  );
}
