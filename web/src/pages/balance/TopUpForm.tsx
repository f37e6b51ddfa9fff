import { Alert, Button, Checkbox, NumberInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { MINOR_PER_MAJOR } from '../../../../functions/shared/money';
import { TOP_UP_LIMITS_MINOR } from '../../../../functions/shared/schemas/payment';
import type { Balance } from '../../api/balance';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/errors';
import { goToPayment } from '../../api/payments';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { BalanceSection } from './BalanceSection';

/** A first suggestion: ten times the smallest top-up (1 000 rub, 10 usd). */
const suggestedMajor = (minMinor: number) => (minMinor * 10) / MINOR_PER_MAJOR;

interface TopUpFormProps {
  balance: Pick<Balance, 'currency' | 'payments_configured'>;
  /** Another purse (the partner balance): its title, its terms, and how its payment starts; it saves no card. */
  purse?: { title: string; terms: string; pay: (amountMinor: number) => Promise<void> };
}

/**
 * Top-up by card: the amount in major units, the card saved for renewals on request, and the
 * payment terms to accept; then the provider's page. Without a provider for the account's currency
 * the form says so instead of failing later.
 */
export function TopUpForm({ balance, purse }: TopUpFormProps) {
  const { t, lang } = useT();
  const limits = TOP_UP_LIMITS_MINOR[balance.currency];
  const [amount, setAmount] = useState<number | string>(suggestedMajor(limits.min));
  const [saveCard, setSaveCard] = useState(false);
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<{ amount?: string; agree?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const money = (minor: number) => formatMoney(minor, balance.currency, lang);
  const range = { min: money(limits.min), max: money(limits.max) };
  const disabled = !balance.payments_configured;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const minor = typeof amount === 'number' ? Math.round(amount * MINOR_PER_MAJOR) : Number.NaN;
    const next: typeof errors = {};
    if (!Number.isFinite(minor) || minor < limits.min || minor > limits.max)
      next.amount = t('balance.topup.amount_range', range);
    if (!agree) next.agree = t('payment_agree_required');
    setErrors(next);
    if (next.amount || next.agree) return;
    setBusy(true);
    try {
      if (purse) await purse.pay(minor);
      else await goToPayment({ currency: balance.currency, amount_minor: minor, recurrent: saveCard });
      // The browser is leaving for the payment page: the button stays busy until it does.
    } catch (error) {
      setBusy(false);
      const fields = error instanceof ApiError ? error.fields : {};
      setErrors({
        amount: fields.amount_minor ? errorText(error) : undefined,
        form: fields.amount_minor ? undefined : errorText(error),
      });
    }
  };

  const title = purse?.title ?? t('balance.topup.title');
  return (
    <BalanceSection title={title} testId="balance-top-up">
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          {disabled && (
            <Alert color="gray" variant="light" data-testid="payments-not-configured">
              {t('balance.topup.not_configured', { currency: balance.currency })}
            </Alert>
          )}
          <NumberInput
            label={t('balance.topup.amount', { currency: balance.currency })}
            description={t('balance.topup.amount_hint', range)}
            value={amount}
            onChange={setAmount}
            min={0}
            decimalScale={2}
            allowNegative={false}
            thousandSeparator={lang === 'ru' ? ' ' : ','}
            decimalSeparator={lang === 'ru' ? ',' : '.'}
            hideControls
            disabled={disabled}
            error={errors.amount}
            maw={320}
          />
          {!purse && (
            <Checkbox
              label={t('balance.topup.save_card')}
              checked={saveCard}
              onChange={(event) => setSaveCard(event.currentTarget.checked)}
              disabled={disabled}
            />
          )}
          <Checkbox
            label={<Text size="sm">{purse?.terms ?? t('balance.topup.agree')}</Text>}
            checked={agree}
            onChange={(event) => {
              setAgree(event.currentTarget.checked);
              setErrors((current) => ({ ...current, agree: undefined }));
            }}
            disabled={disabled}
            error={errors.agree}
          />
          {errors.form && (
            <Alert color="red" variant="light" role="alert">
              {errors.form}
            </Alert>
          )}
          <div>
            <Button type="submit" loading={busy} disabled={disabled}>
              {t('balance.topup.submit')}
            </Button>
          </div>
        </Stack>
      </form>
    </BalanceSection>
  );
}
