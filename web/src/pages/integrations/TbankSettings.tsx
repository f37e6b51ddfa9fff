import {
  Button,
  Group,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  MAX_LINK_AMOUNT,
  MIN_LINK_AMOUNT,
  PRODUCT_NAME_LIMIT,
  SHOP_NAME_LIMIT,
  SPEC_PAYMENT_METHODS,
  SPEC_PAYMENT_OBJECTS,
  SPEC_TAXATIONS,
  SPEC_TAXES,
  tbankAccepts,
} from '../../../../functions/shared/tbank-link';
import { isApiError } from '../../api/errors';
import type { IntegrationChanges, IntegrationView } from '../../api/integrations';
import { AppSelect } from '../../components/AppSelect';
import { notifyError, notifySuccess } from '../../components/notify';
import type { MessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';

interface TbankSettingsProps {
  integration: IntegrationView;
  update: (changes: IntegrationChanges) => Promise<unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

type Fiscal = 'taxation' | 'tax' | 'payment_method' | 'payment_object';
type Field = 'terminal_key' | 'password' | 'product_name' | 'amount' | 'shop_name' | Fiscal;
type Errors = Partial<Record<Field, string>>;

const DEFAULTS: Record<Fiscal, string> = {
  taxation: 'usn_income',
  tax: 'none',
  payment_method: 'fullPayment',
  payment_object: 'service',
};

const OPTIONS: Record<Fiscal, readonly string[]> = {
  taxation: SPEC_TAXATIONS,
  tax: SPEC_TAXES,
  payment_method: SPEC_PAYMENT_METHODS,
  payment_object: SPEC_PAYMENT_OBJECTS,
};

/**
 * The T-Bank payment link's settings (issue #24 §3; SPEC §3): the business's terminal key and
 * password (never shown back: the saved ones stand masked in the empty fields), the product, its
 * amount and the shop's name, and the receipt's fiscal settings in the SPEC's values — those T-Bank
 * no longer takes are listed but cannot be chosen. Saved together; "Connect" above checks the terminal.
 */
export function TbankSettings({ integration, update }: TbankSettingsProps) {
  const { t } = useT();
  const data = integration.connection_data;
  const savedKey = text(data.terminal_key);
  const savedPassword = text(data.password);
  const saved = {
    product_name: text(data.product_name),
    shop_name: text(data.shop_name),
    amount: typeof data.amount === 'number' ? data.amount / 100 : '',
    taxation: text(data.taxation) || DEFAULTS.taxation,
    tax: text(data.tax) || DEFAULTS.tax,
    payment_method: text(data.payment_method) || DEFAULTS.payment_method,
    payment_object: text(data.payment_object) || DEFAULTS.payment_object,
  };
  const [values, setValues] = useState({ ...saved, terminal_key: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const set = (field: Field, value: string | number) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const check = (): Errors => {
    const found: Errors = {};
    if (!values.terminal_key.trim() && !savedKey) found.terminal_key = t('tbank.terminal_key_required');
    if (!values.password && !savedPassword) found.password = t('tbank.password_required');
    if (!values.product_name.trim()) found.product_name = t('tbank.product_required');
    const kopecks = typeof values.amount === 'number' ? Math.round(values.amount * 100) : Number.NaN;
    if (!(kopecks >= MIN_LINK_AMOUNT && kopecks <= MAX_LINK_AMOUNT)) found.amount = t('tbank.amount_range');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const changes: Record<string, unknown> = {
      product_name: values.product_name.trim(),
      amount: Math.round(Number(values.amount) * 100),
      currency: 'rub',
      shop_name: values.shop_name.trim(),
      taxation: values.taxation,
      tax: values.tax,
      payment_method: values.payment_method,
      payment_object: values.payment_object,
    };
    if (values.terminal_key.trim()) changes.terminal_key = values.terminal_key.trim();
    if (values.password) changes.password = values.password;
    setBusy(true);
    try {
      await update({ connection_data: changes });
      setValues((current) => ({ ...current, terminal_key: '', password: '' }));
      notifySuccess(t(integration.connected ? 'tbank.saved_reconnect' : 'tbank.saved'));
    } catch (error) {
      if (isApiError(error)) {
        const fields = Object.fromEntries(
          Object.entries(error.fields).map(([path, message]) => [
            path.replace(/^connection_data\./, ''),
            message,
          ]),
        );
        setErrors(fields);
      }
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const fiscalSelect = (field: Fiscal) => (
    <AppSelect
      label={t(`tbank.${field}`)}
      data={OPTIONS[field].map((value) => {
        const accepted = tbankAccepts(field, value);
        const label = t(`tbank.${field}.${value}` as MessageId);
        return {
          value,
          label: accepted ? label : `${label} — ${t('tbank.not_accepted')}`,
          disabled: !accepted,
        };
      })}
      value={values[field]}
      onChange={(value) => set(field, value)}
      error={errors[field]}
      data-testid={`tbank-${field}`}
    />
  );

  return (
    <Stack gap="md" data-testid="tbank-settings">
      <Text size="sm" c="dimmed">
        {t('tbank.intro')}
      </Text>
      {integration.connected && (
        <Text size="sm" c="green" data-testid="tbank-connected">
          {t('tbank.connected')}
        </Text>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={5}>{t('tbank.terminal')}</Title>
          <TextInput
            label={t('tbank.terminal_key')}
            description={t(savedKey ? 'tbank.secret_keep' : 'tbank.terminal_key_hint')}
            placeholder={savedKey || '1700000000000DEMO'}
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            value={values.terminal_key}
            error={errors.terminal_key}
            onChange={(event) => set('terminal_key', event.currentTarget.value)}
            data-testid="tbank-terminal-key"
          />
          <PasswordInput
            label={t('tbank.password')}
            description={t(savedPassword ? 'tbank.secret_keep' : 'tbank.password_hint')}
            placeholder={savedPassword || undefined}
            autoComplete="new-password"
            maxLength={20}
            value={values.password}
            error={errors.password}
            onChange={(event) => set('password', event.currentTarget.value)}
            data-testid="tbank-password"
          />
          <Title order={5} mt="xs">
            {t('tbank.product')}
          </Title>
          <TextInput
            label={t('tbank.product_name')}
            description={t('tbank.product_name_hint')}
            maxLength={PRODUCT_NAME_LIMIT}
            value={values.product_name}
            error={errors.product_name}
            onChange={(event) => set('product_name', event.currentTarget.value)}
            data-testid="tbank-product-name"
          />
          <NumberInput
            label={t('tbank.amount')}
            description={t('tbank.amount_hint')}
            min={MIN_LINK_AMOUNT / 100}
            max={MAX_LINK_AMOUNT / 100}
            decimalScale={2}
            allowNegative={false}
            thousandSeparator=" "
            suffix=" ₽"
            value={values.amount}
            error={errors.amount}
            onChange={(value) => set('amount', typeof value === 'number' ? value : '')}
            data-testid="tbank-amount"
          />
          <AppSelect
            label={t('tbank.currency')}
            description={t('tbank.currency_hint')}
            data={[{ value: 'rub', label: t('tbank.currency.rub') }]}
            value="rub"
            onChange={() => undefined}
          />
          <TextInput
            label={t('tbank.shop_name')}
            description={t('tbank.shop_name_hint')}
            maxLength={SHOP_NAME_LIMIT}
            value={values.shop_name}
            error={errors.shop_name}
            onChange={(event) => set('shop_name', event.currentTarget.value)}
            data-testid="tbank-shop-name"
          />
          <Title order={5} mt="xs">
            {t('tbank.fiscal')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('tbank.fiscal_hint')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {fiscalSelect('taxation')}
            {fiscalSelect('tax')}
            {fiscalSelect('payment_method')}
            {fiscalSelect('payment_object')}
          </SimpleGrid>
          <Group>
            <Button type="submit" variant="default" loading={busy} data-testid="tbank-save">
              {t('integrations.settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
