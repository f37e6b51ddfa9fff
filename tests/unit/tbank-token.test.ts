import { describe, expect, it } from 'vitest';
import { tbankToken, tokenSource, verifyTbankToken } from '../../functions/payments/tbank/token';

// The two official vectors of T-Bank's docs (payments.md §1.3), with JSON-typed values.
const initRequest = {
  TerminalKey: 'MerchantTerminalKey',
  Amount: 19200,
  OrderId: '21090',
  Description: 'Подарочная карта на 1000 рублей',
  DATA: { Phone: '+71234567890', Email: 'a@test.com' },
  Receipt: {
    Email: 'a@test.ru',
    Phone: '+79031234567',
    Taxation: 'osn',
    Items: [{ Name: 'Наименование товара 1', Price: 10000, Quantity: 1, Amount: 10000, Tax: 'vat10' }],
  },
};
const initPassword = 'usaf8fw8fsw21g';

const notification = {
  TerminalKey: '1321054611234DEMO',
  OrderId: '201709',
  Success: true,
  Status: 'AUTHORIZED',
  PaymentId: 8742591,
  ErrorCode: '0',
  Amount: 9855,
  CardId: 322264,
  Pan: '430000******0777',
  ExpDate: '1122',
  RebillId: 101709,
};
const notificationPassword = 'Dfsfh56dgKl';
const notificationToken = 'b906d28e76c6428e37b25fcf86c0adc52c63d503013fdd632e300593d165766b';

describe('the T-Bank Token', () => {
  it('reproduces the Init vector: nested DATA and Receipt left out', async () => {
    expect(tokenSource(initRequest, initPassword)).toBe(
      '19200Подарочная карта на 1000 рублей21090usaf8fw8fsw21gMerchantTerminalKey',
    );
    expect(tbankToken(initRequest, initPassword)).toBe(
      '0024a00af7c350a3a67ca168ce06502aa72772456662e38696d48b56ee9c97d9',
    );
  });

  it('reproduces the notification vector: numbers and a boolean as text', async () => {
    expect(tokenSource(notification, notificationPassword)).toBe(
      '985532226401122201709430000******0777Dfsfh56dgKl8742591101709AUTHORIZEDtrue1321054611234DEMO',
    );
    expect(tbankToken(notification, notificationPassword)).toBe(notificationToken);
  });

  it('leaves Token and nulls out and sorts keys by code unit (IP before InfoEmail)', async () => {
    expect(tokenSource({ InfoEmail: 'b', IP: 'a', Token: 'x', Empty: null }, 'p')).toBe('abp');
    expect(tbankToken({ ...notification, Token: 'anything' }, notificationPassword)).toBe(notificationToken);
  });

  it('verifies a signed notification and refuses a tampered field or the wrong password', async () => {
    const signed = { ...notification, Token: notificationToken, DATA: { Route: 'ACQ' } };
    expect(verifyTbankToken(signed, notificationPassword)).toBe(true);
    expect(verifyTbankToken({ ...signed, Amount: 985500 }, notificationPassword)).toBe(false);
    expect(verifyTbankToken({ ...signed, Status: 'CONFIRMED' }, notificationPassword)).toBe(false);
    expect(verifyTbankToken({ ...signed, RebillId: 101710 }, notificationPassword)).toBe(false);
    expect(verifyTbankToken({ ...signed, Extra: 'added' }, notificationPassword)).toBe(false);
    expect(verifyTbankToken(signed, 'another-password')).toBe(false);
    expect(verifyTbankToken({ ...notification }, notificationPassword)).toBe(false);
  });
});
