import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { type FakeTbank, startFakeTbank } from '../fakes/tbank';
import { readyAccount } from './support/account';
import { balanceOf, paidTopUp, TBANK_TERMINAL, tbankEnv } from './support/payments';
import { shootEveryLanguageAndWidth } from './support/screens';
import { stageWithLlm } from './support/stage';
import { seen } from './support/ui';

// Issue 23 §3: a payment the provider refunds shows as refunded on the Balance screen.
const fakes = {} as { tbank: FakeTbank };
const stage = stageWithLlm('refunds', async () => {
  fakes.tbank = await startFakeTbank({ terminals: [TBANK_TERMINAL] });
  return { env: tbankEnv(fakes.tbank), close: () => fakes.tbank.close() };
});

const REFUNDED = { ru: 'Возвращён', en: 'Refunded' };

it('a refunded top-up reads «Возвращён» / "Refunded" in the transaction list, and its money is gone', async () => {
  const account = await readyAccount(stage.server, 'refunded-owner');
  const before = await balanceOf(stage.server, account);
  const orderId = await paidTopUp(stage.server, fakes.tbank, account, 120_000);
  const payment = fakes.tbank.paymentsOfOrder(orderId)[0];
  await fakes.tbank.refund(payment?.paymentId ?? '');
  expect(await balanceOf(stage.server, account)).toBe(before);

  const who = { browser: stage.browser, server: stage.server, token: account.token };
  const problems = await shootEveryLanguageAndWidth(
    who,
    '/balance',
    'balance-refunded',
    async (page: Page) => {
      const lang = (await page.locator('html').getAttribute('lang')) === 'en' ? 'en' : 'ru';
      await seen(page.getByText(REFUNDED[lang], { exact: true }).locator('visible=true'));
    },
  );
  expect(problems).toEqual([]);
});
