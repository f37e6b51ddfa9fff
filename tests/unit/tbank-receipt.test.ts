import { describe, expect, it } from 'vitest';
import {
  buildReceipt,
  checkFiscalSettings,
  clipText,
  DEFAULT_FISCAL_SETTINGS,
  PAYMENT_METHOD_TO_TBANK,
  PAYMENT_OBJECT_TO_TBANK,
  receiptTotal,
  SPEC_PAYMENT_METHODS,
  SPEC_PAYMENT_OBJECTS,
  SPEC_TAXATIONS,
  SPEC_TAXES,
  TAX_TO_TBANK,
  TAXATION_TO_TBANK,
  TBANK_PAYMENT_METHODS,
  TBANK_PAYMENT_OBJECTS_FFD_105,
  TBANK_TAXATIONS,
  TBANK_TAXES,
  type TbankFiscal,
  validateFiscalSettings,
} from '../../functions/payments/tbank/receipt';

const wire = (input: Parameters<typeof checkFiscalSettings>[0]): TbankFiscal => {
  const check = checkFiscalSettings(input);
  if (!check.ok) throw new Error(JSON.stringify(check.problems));
  return check.fiscal;
};

describe('fiscal settings: SPEC spellings to T-Bank wire spellings', () => {
  it('maps every SPEC value to a T-Bank v1.80 value, or marks it as having none', () => {
    for (const taxation of SPEC_TAXATIONS) {
      const mapped = TAXATION_TO_TBANK[taxation];
      if (mapped !== null) expect(TBANK_TAXATIONS).toContain(mapped);
    }
    for (const tax of SPEC_TAXES) expect(TBANK_TAXES).toContain(TAX_TO_TBANK[tax]);
    for (const method of SPEC_PAYMENT_METHODS)
      expect(TBANK_PAYMENT_METHODS).toContain(PAYMENT_METHOD_TO_TBANK[method]);
    for (const object of SPEC_PAYMENT_OBJECTS) {
      const mapped = PAYMENT_OBJECT_TO_TBANK[object];
      if (mapped !== null) expect(TBANK_PAYMENT_OBJECTS_FFD_105).toContain(mapped);
    }
    // Distinct SPEC values stay distinct on the wire.
    const methods = Object.values(PAYMENT_METHOD_TO_TBANK);
    expect(new Set(methods).size).toBe(methods.length);
    const objects = Object.values(PAYMENT_OBJECT_TO_TBANK).filter((value) => value !== null);
    expect(new Set(objects).size).toBe(objects.length);
  });

  it('spells the renamed values the way T-Bank does', () => {
    expect(PAYMENT_METHOD_TO_TBANK).toMatchObject({
      prepayment_100: 'full_prepayment',
      fullPayment: 'full_payment',
      partialPaymentAndLoan: 'partial_payment',
      transferToLoan: 'credit',
      loanPayment: 'credit_payment',
    });
    expect(PAYMENT_OBJECT_TO_TBANK).toMatchObject({
      work: 'job',
      gamblingGamesBet: 'gambling_bet',
      gamblingGamesWin: 'gambling_prize',
      lotteryTicket: 'lottery',
      lotteryWin: 'lottery_prize',
      agencyFee: 'agent_commission',
      intellectualActivity: 'intellectual_activity',
    });
    expect(
      wire({ taxation: 'osn', tax: 'vat20', paymentMethod: 'prepayment_100', paymentObject: 'work' }),
    ).toEqual({ taxation: 'osn', tax: 'vat20', paymentMethod: 'full_prepayment', paymentObject: 'job' });
  });

  it('defaults to usn_income, no VAT, full payment of a service', () => {
    expect(DEFAULT_FISCAL_SETTINGS).toEqual({
      taxation: 'usn_income',
      tax: 'none',
      paymentMethod: 'fullPayment',
      paymentObject: 'service',
    });
    expect(wire({})).toEqual({
      taxation: 'usn_income',
      tax: 'none',
      paymentMethod: 'full_payment',
      paymentObject: 'service',
    });
    expect(validateFiscalSettings()).toEqual([]);
  });

  it('refuses envd at configuration time with a clear reason', () => {
    const problems = validateFiscalSettings({ taxation: 'envd' });
    expect(problems).toHaveLength(1);
    expect(problems[0]?.setting).toBe('taxation');
    expect(problems[0]?.reason).toMatch(/envd.*no longer accepts/);
    expect(checkFiscalSettings({ taxation: 'envd' }).ok).toBe(false);
  });

  it('refuses the payment objects T-Bank has only for FFD 1.2, and misspellings', () => {
    for (const paymentObject of ['insuranceContributions', 'tradeFee', 'resortFee']) {
      expect(validateFiscalSettings({ paymentObject })).toEqual([
        { setting: 'paymentObject', reason: expect.stringContaining('FFD 1.05') },
      ]);
    }
    const problems = validateFiscalSettings({ taxation: 'usn', tax: 'vat22', paymentMethod: 'full_payment' });
    expect(problems.map((problem) => problem.setting)).toEqual(['taxation', 'tax', 'paymentMethod']);
    expect(problems[1]?.reason).toContain('vat22 is not one of none, vat0, vat10, vat20');
  });
});

describe('the FFD 1.05 receipt', () => {
  it('has one item whose amount is the payment amount', () => {
    const receipt = buildReceipt(
      { name: 'Пополнение баланса', amountMinor: 150_000, email: 'owner@example.com' },
      wire({ taxation: 'osn', tax: 'vat20', paymentMethod: 'advance', paymentObject: 'payment' }),
    );
    expect(receipt).toEqual({
      FfdVersion: '1.05',
      Email: 'owner@example.com',
      Taxation: 'osn',
      Items: [
        {
          Name: 'Пополнение баланса',
          Price: 150_000,
          Quantity: 1,
          Amount: 150_000,
          Tax: 'vat20',
          PaymentMethod: 'advance',
          PaymentObject: 'payment',
        },
      ],
    });
    expect(receiptTotal(receipt)).toBe(150_000);
  });

  it('clips the item name to 128 characters without splitting a surrogate pair', () => {
    const receipt = buildReceipt({ name: 'Я'.repeat(300), amountMinor: 100, email: 'a@b.ru' }, wire({}));
    expect(receipt.Items[0]?.Name).toHaveLength(128);
    expect(clipText(`${'a'.repeat(127)}😀`, 128)).toBe('a'.repeat(127));
  });

  it('refuses amounts that are not whole kopecks and a missing e-mail', () => {
    const fiscal = wire({});
    expect(() => buildReceipt({ name: 'x', amountMinor: 10.5, email: 'a@b.ru' }, fiscal)).toThrow(RangeError);
    expect(() => buildReceipt({ name: 'x', amountMinor: 0, email: 'a@b.ru' }, fiscal)).toThrow(RangeError);
    expect(() => buildReceipt({ name: 'x', amountMinor: 100, email: ' ' }, fiscal)).toThrow(RangeError);
    expect(() => buildReceipt({ name: ' ', amountMinor: 100, email: 'a@b.ru' }, fiscal)).toThrow(RangeError);
  });

  it('sums several items for the check T-Bank makes', () => {
    expect(receiptTotal({ Items: [{ Amount: 10_000 }, { Amount: 40_000 }, { Amount: 90_000 }] })).toBe(
      140_000,
    );
  });
});
