import { describe, expect, it } from 'vitest';
import {
  checkRequisites,
  invoiceMessages,
  isAccountMatchingBik,
  isCorrespondentAccountMatchingBik,
  isValidInn,
  isValidKpp,
  isValidOgrn,
  REQUIRED_REQUISITES_FIELDS,
} from '../../functions/payments/invoice/requisites';
import { PROPRIETOR_REQUISITES as proprietor, SBERBANK_REQUISITES as sberbank } from '../support/requisites';

function failures(input: unknown) {
  const result = checkRequisites(input);
  if (result.ok) throw new Error('expected the details to be refused');
  return result.fields;
}

describe('control digits', () => {
  it.each(['7707083893', '7710140679', '7723456782', '771234567859'])('accepts INN %s', (inn) => {
    expect(isValidInn(inn)).toBe(true);
  });
  it.each(['7707083894', '771234567858', '771234567849', '770708389', '77070838930', 'ab07083893'])(
    'refuses INN %s',
    (inn) => {
      expect(isValidInn(inn)).toBe(false);
    },
  );

  it.each(['1027700132195', '1027739642281', '1177746001234', '319774600123453'])(
    'accepts OGRN %s',
    (ogrn) => {
      expect(isValidOgrn(ogrn)).toBe(true);
    },
  );
  it.each(['1027700132196', '319774600123454', '10277001321', '31977460012345'])(
    'refuses OGRN %s',
    (ogrn) => {
      expect(isValidOgrn(ogrn)).toBe(false);
    },
  );

  it('reads KPP reason letters', () => {
    expect(isValidKpp('773601001')).toBe(true);
    expect(isValidKpp('7736AB001')).toBe(true);
    expect(isValidKpp('77360100')).toBe(false);
    expect(isValidKpp('7736ab001')).toBe(false);
  });

  it.each([
    ['044525225', '30101810400000000225'], // Sberbank
    ['044525974', '30101810145250000974'], // T-Bank
    ['044525593', '30101810200000000593'], // Alfa-Bank
  ])('matches correspondent account of BIK %s', (bik, account) => {
    expect(isCorrespondentAccountMatchingBik(account, bik)).toBe(true);
    expect(
      isCorrespondentAccountMatchingBik(
        account.replace(/.$/, (d) => String((Number(d) + 1) % 10)),
        bik,
      ),
    ).toBe(false);
  });

  it('matches a current account with the last three digits of its BIK', () => {
    expect(isAccountMatchingBik('40702810938000012345', '044525225')).toBe(true);
    expect(isAccountMatchingBik('40702810938000012345', '044525974')).toBe(false);
    expect(isAccountMatchingBik('40702810500000012345', '044525974')).toBe(true);
    expect(isAccountMatchingBik('40802810900001234567', '044525974')).toBe(true);
  });
});

describe('checkRequisites', () => {
  it('accepts a company and normalises spaces', () => {
    const result = checkRequisites({
      ...sberbank,
      inn: ' 7707083893 ',
      account: '4070 2810 9380 0001 2345',
      name: '  ПАО   СБЕРБАНК ',
    });
    expect(result).toEqual({ ok: true, value: { ...sberbank, name: 'ПАО СБЕРБАНК' } });
  });

  it('accepts a sole proprietor without KPP and drops a stray one', () => {
    expect(checkRequisites(proprietor)).toEqual({ ok: true, value: { ...proprietor, kpp: null } });
    expect(checkRequisites({ ...proprietor, kpp: '773601001' })).toEqual({
      ok: true,
      value: { ...proprietor, kpp: null },
    });
  });

  it('reads numbers sent as JSON numbers', () => {
    const result = checkRequisites({ ...sberbank, inn: 7707083893, bik: 44525225 });
    // A BIK starts with 0, so a JSON number loses it and the BIK is refused rather than guessed.
    expect(result).toEqual({ ok: false, fields: { bik: 'invoice_bik_invalid' } });
  });

  it('marks every field with the SPEC message when the form is empty', () => {
    const fields = failures({});
    expect(Object.keys(fields).sort()).toEqual([...REQUIRED_REQUISITES_FIELDS].sort());
    expect(new Set(Object.values(fields))).toEqual(new Set(['invoice_fields_required']));
    expect(invoiceMessages.invoice_fields_required).toEqual({
      ru: 'Необходимо заполнить все поля счета',
      en: 'Please fill in all invoice fields',
    });
    expect(failures(null)).toEqual(fields);
    expect(failures(Object.fromEntries(REQUIRED_REQUISITES_FIELDS.map((f) => [f, '   '])))).toEqual(fields);
  });

  it('marks a single missing field, and a company without KPP', () => {
    expect(failures({ ...sberbank, postal_address: '' })).toEqual({
      postal_address: 'invoice_fields_required',
    });
    expect(failures({ ...sberbank, kpp: '' })).toEqual({ kpp: 'invoice_fields_required' });
  });

  it.each([
    ['inn', '7707083894', 'invoice_inn_invalid'],
    ['inn', '770708389', 'invoice_inn_invalid'],
    ['kpp', '77360100X', 'invoice_kpp_invalid'],
    ['ogrn', '1027700132196', 'invoice_ogrn_invalid'],
    ['ogrn', '319774600123453', 'invoice_ogrn_inn_mismatch'],
    ['bik', '04452522', 'invoice_bik_invalid'],
    ['account', '4070281093800001234', 'invoice_account_invalid'],
    ['account', '40702810938000012346', 'invoice_account_bik_mismatch'],
    ['correspondent_account', '40101810400000000225', 'invoice_correspondent_account_invalid'],
    ['correspondent_account', '30101810400000000226', 'invoice_correspondent_account_bik_mismatch'],
    ['name', 'Я'.repeat(501), 'invoice_value_too_long'],
    ['legal_address', { city: 'Москва' }, 'invoice_value_invalid'],
  ])('refuses %s = %j with %s', (field, value, message) => {
    expect(failures({ ...sberbank, [field]: value })).toEqual({ [field]: message });
  });

  it('checks both accounts against the BIK they are given with', () => {
    // Sberbank's accounts with T-Bank's BIK: the current account's key fails; the correspondent
    // account's key passes (both banks are in Moscow) but its last three digits name another bank.
    expect(failures({ ...sberbank, bik: '044525974' })).toEqual({
      account: 'invoice_account_bik_mismatch',
      correspondent_account: 'invoice_correspondent_account_bik_mismatch',
    });
  });

  it('wants an OGRNIP for a sole proprietor', () => {
    expect(failures({ ...proprietor, ogrn: '1027700132195' })).toEqual({ ogrn: 'invoice_ogrn_inn_mismatch' });
  });

  it('has a Russian and an English text for every message', () => {
    for (const [key, text] of Object.entries(invoiceMessages)) {
      expect(key).toMatch(/^invoice_/);
      expect(text.ru).toMatch(/[а-яё]/i);
      expect(text.en).toMatch(/^[\x20-\x7e]+$/);
    }
  });
});
