import type { FakeTbank } from '../../fakes/tbank';
import type { LocalServer } from '../../support/local-server';
import { type Account, apiCall } from './account';

/** T-Bank terminal credentials the e2e servers are started with, against the fake. */
export const TBANK_TERMINAL = { terminalKey: 'E2ETerminalDEMO', password: 'e2e-terminal-password' };

/** The server environment that sends rub payments to the fake T-Bank. */
export const tbankEnv = (tbank: FakeTbank) => ({
  TBANK_TERMINAL_KEY: TBANK_TERMINAL.terminalKey,
  TBANK_PASSWORD: TBANK_TERMINAL.password,
  TBANK_API_ROOT: tbank.url,
});

/**
 * A top-up paid on the fake's side without the browser (set-up for a test about something else):
 * the payment link, then the customer pays; the notification is delivered before this returns.
 */
export async function paidTopUp(
  server: LocalServer,
  tbank: FakeTbank,
  account: Account,
  amountMinor: number,
  recurrent = false,
): Promise<string> {
  const link = (await apiCall(
    server,
    'POST',
    '/api/payment/link',
    { currency: 'rub', amount_minor: amountMinor, recurrent, agree: true },
    account.token,
  )) as { url: string; transaction_id: string };
  const payment = tbank.paymentsOfOrder(link.transaction_id)[0];
  if (!payment) throw new Error(`the fake T-Bank has no payment for ${link.transaction_id}`);
  await tbank.pay(payment.paymentId);
  return link.transaction_id;
}

/** The balance in minor units, as the API answers it. */
export async function balanceOf(server: LocalServer, account: Account): Promise<number> {
  const balance = (await apiCall(server, 'GET', '/api/balance', undefined, account.token)) as {
    total_minor: number;
  };
  return balance.total_minor;
}
