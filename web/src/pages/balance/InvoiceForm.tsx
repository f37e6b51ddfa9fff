import { Button, Checkbox, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { MINOR_PER_MAJOR } from '../../../../functions/shared/money';
import { TOP_UP_LIMITS_MINOR } from '../../../../functions/shared/schemas/payment';
import { ApiError } from '../../api/client';
import {
  type BankSuggestion,
  createInvoice,
  downloadDocument,
  type PartySuggestion,
  REQUISITES_FIELDS,
  type Requisites,
  type RequisitesAnswer,
  suggestBanks,
  suggestParties,
} from '../../api/invoices';
import { ServerError } from '../../components/Alerts';
import { notifyError, notifySuccess } from '../../components/notify';
import { formatMoney } from '../../i18n/format';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { SuggestionList } from './SuggestionList';
import { useSuggestions } from './use-suggestions';

type Field = keyof Requisites;
type Errors = Partial<Record<Field | 'amount', string>>;

const EMPTY = Object.fromEntries(REQUISITES_FIELDS.map((field) => [field, ''])) as unknown as Requisites;
const LONG_FIELDS = new Set<Field>(['name', 'legal_address', 'postal_address', 'bank_name']);

function prefilled(saved: RequisitesAnswer['requisites']): Requisites {
  const values = { ...EMPTY };
  for (const field of REQUISITES_FIELDS) values[field] = saved?.[field] ?? '';
  return values;
}

/** Server errors by form field: `requisites.inn` is the INN field, `amount_minor` the amount. */
function fieldErrors(error: unknown): Errors {
  if (!(error instanceof ApiError)) return {};
  const errors: Errors = {};
  for (const [path, text] of Object.entries(error.fields)) {
    if (path === 'amount_minor') errors.amount = text;
    const field = path.replace(/^requisites\./, '');
    if ((REQUISITES_FIELDS as readonly string[]).includes(field)) errors[field as Field] = text;
  }
  return errors;
}

/**
 * The invoice request (SPEC §3 invoice organization details): every field, prefilled from the last
 * invoice; INN and BIK offer what they were found as; server errors show under their fields. The
 * issued invoice's PDF is downloaded at once and the invoice joins the transactions.
 */
export function InvoiceForm({
  saved,
  onIssued,
  issue = createInvoice,
}: {
  saved: RequisitesAnswer;
  onIssued: () => void;
  /** How the invoice is issued: for the account's balance unless another purse's call is given. */
  issue?: typeof createInvoice;
}) {
  const { t, lang } = useT();
  const limits = TOP_UP_LIMITS_MINOR.rub;
  const [values, setValues] = useState<Requisites>(() => prefilled(saved.requisites));
  const [amount, setAmount] = useState<number | string>((limits.min * 10) / MINOR_PER_MAJOR);
  const [sameAddress, setSameAddress] = useState(
    () =>
      Boolean(saved.requisites?.legal_address) &&
      saved.requisites?.legal_address === saved.requisites?.postal_address,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [filled, setFilled] = useState<{ inn: string | null; bik: string | null }>({
    inn: saved.requisites?.inn ?? null,
    bik: saved.requisites?.bik ?? null,
  });
  const parties = useSuggestions<PartySuggestion>(
    values.inn,
    /^\d{10}$|^\d{12}$/,
    saved.suggestions,
    filled.inn,
    suggestParties,
  );
  const banks = useSuggestions<BankSuggestion>(
    values.bik,
    /^\d{9}$/,
    saved.suggestions,
    filled.bik,
    suggestBanks,
  );

  useEffect(() => {
    if (sameAddress) setValues((current) => ({ ...current, postal_address: current.legal_address }));
  }, [sameAddress]);

  const set = (patch: Partial<Requisites>) => {
    setValues((current) => {
      const next = { ...current, ...patch };
      if (sameAddress) next.postal_address = next.legal_address;
      return next;
    });
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(patch)) delete next[field as Field];
      return next;
    });
  };

  const pickParty = (party: PartySuggestion) => {
    setFilled((current) => ({ ...current, inn: party.inn }));
    set({
      inn: party.inn,
      kpp: party.kpp ?? '',
      ogrn: party.ogrn ?? '',
      name: party.name,
      legal_address: party.legal_address ?? '',
    });
  };
  const pickBank = (bank: BankSuggestion) => {
    setFilled((current) => ({ ...current, bik: bank.bik }));
    set({ bik: bank.bik, bank_name: bank.name, correspondent_account: bank.correspondent_account ?? '' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const minor = typeof amount === 'number' ? Math.round(amount * MINOR_PER_MAJOR) : Number.NaN;
    if (!Number.isFinite(minor) || minor < limits.min || minor > limits.max) {
      setErrors({
        amount: t('balance.topup.amount_range', {
          min: formatMoney(limits.min, 'rub', lang),
          max: formatMoney(limits.max, 'rub', lang),
        }),
      });
      return;
    }
    setBusy(true);
    setFailure(null);
    setErrors({});
    try {
      const issued = await issue(minor, values);
      notifySuccess(translate('balance.invoice.issued', { number: issued.transaction.invoice_number ?? '' }));
      onIssued();
      try {
        await downloadDocument(issued.invoice_url, `invoice-${issued.transaction.invoice_number}.pdf`);
      } catch (error) {
        notifyError(error);
      }
    } catch (error) {
      setErrors(fieldErrors(error));
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const input = (field: Field) => {
    const props = {
      label: t(`balance.invoice.field.${field}`),
      value: values[field],
      onChange: (event: { currentTarget: { value: string } }) => set({ [field]: event.currentTarget.value }),
      error: errors[field],
      'data-field': field,
    };
    return LONG_FIELDS.has(field) ? (
      <Textarea
        {...props}
        autosize
        minRows={1}
        maxRows={4}
        disabled={field === 'postal_address' && sameAddress}
      />
    ) : (
      <TextInput {...props} inputMode="numeric" autoComplete="off" />
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('balance.invoice.title')}>
      <Stack gap="md">
        <NumberInput
          label={t('balance.invoice.amount')}
          value={amount}
          onChange={setAmount}
          min={0}
          decimalScale={2}
          allowNegative={false}
          thousandSeparator={lang === 'ru' ? ' ' : ','}
          decimalSeparator={lang === 'ru' ? ',' : '.'}
          hideControls
          error={errors.amount}
          maw={320}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <div>
            {input('inn')}
            <SuggestionList
              state={parties}
              label={(party) =>
                [party.name, party.kpp && `${t('balance.invoice.field.kpp')} ${party.kpp}`]
                  .filter(Boolean)
                  .join(' · ')
              }
              notFound={t('balance.invoice.party_not_found')}
              onPick={pickParty}
              testId="party-suggestions"
            />
          </div>
          <TextInput
            label={t('balance.invoice.field.kpp')}
            description={t('balance.invoice.kpp_hint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={values.kpp}
            onChange={(event) => set({ kpp: event.currentTarget.value })}
            error={errors.kpp}
            autoComplete="off"
          />
          {input('name')}
          {input('ogrn')}
          {input('legal_address')}
          <div>
            {input('postal_address')}
            <Checkbox
              mt={6}
              size="xs"
              label={t('balance.invoice.same_address')}
              checked={sameAddress}
              onChange={(event) => setSameAddress(event.currentTarget.checked)}
            />
          </div>
          <div>
            {input('bik')}
            <SuggestionList
              state={banks}
              label={(bank) => bank.name}
              notFound={t('balance.invoice.bank_not_found')}
              onPick={pickBank}
              testId="bank-suggestions"
            />
          </div>
          {input('bank_name')}
          {input('correspondent_account')}
          {input('account')}
        </SimpleGrid>
        <ServerError error={failure} />
        <div>
          <Button type="submit" loading={busy}>
            {t('balance.invoice.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
