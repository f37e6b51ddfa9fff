import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balanceEntries, subscriptions, transactions } from '../../db/schema';
import { call, signedIn } from './support/api';
import { withDb } from './support/db';
import { deliver, sign } from './support/jobs';

const RENEWAL = 'schedule:subscription-renewal';

async function fake<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${env.TBANK_API_ROOT}/__fake/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json<T>();
}

const notify = (body: string) =>
  SELF.fetch(`${env.PUBLIC_URL}/api/payment/notify/tbank`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });

/** Starts a card top-up in the Worker and pays it on the fake page; answers T-Bank's notification body. */
async function paidTopUp(token: string, amount: number, recurrent: boolean) {
  const link = await call<{ url: string; transaction_id: string }>('POST', '/api/payment/link', {
    token,
    body: { currency: 'rub', amount_minor: amount, recurrent, agree: true },
  });
  expect(link.status).toBe(200);
  const paymentId = await withDb(async (db) => {
    const [row] = await db.select().from(transactions).where(eq(transactions.id, link.json.transaction_id));
    return row?.providerPaymentId ?? '';
  });
  await fake('POST', 'pay', { paymentId });
  // The fake could not reach https://app.test; its notification is what T-Bank would have sent.
  const { deliveries } = await fake<{ deliveries: { body: Record<string, unknown> }[] }>(
    'GET',
    `deliveries?paymentId=${paymentId}`,
  );
  const notification = deliveries.at(-1)?.body;
  if (!notification) throw new Error('no notification');
  return { transactionId: link.json.transaction_id, notification };
}

const creditsOf = (transactionId: string) =>
  withDb((db) => db.select().from(balanceEntries).where(eq(balanceEntries.transactionId, transactionId)));

describe('payments in the Worker', () => {
  it('a T-Bank notification is verified by its Token, answered OK, and credits once', async () => {
    const token = await signedIn();
    const { transactionId, notification } = await paidTopUp(token, 150_000, false);
    for (let i = 0; i < 5; i++) {
      const answer = await notify(JSON.stringify(notification));
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe('OK');
    }
    expect(await creditsOf(transactionId)).toHaveLength(1);
    const balance = await call<{ total_minor: number }>('GET', '/api/balance', { token });
    expect(balance.json.total_minor).toBe(10_000 + 150_000);

    const forged = await notify(JSON.stringify({ ...notification, Amount: 15_000_000 }));
    expect(forged.status).toBe(401);
  });

  it('a QStash-signed renewal run charges the saved card once', async () => {
    const token = await signedIn();
    const { notification } = await paidTopUp(token, 99_000, true);
    expect((await notify(JSON.stringify(notification))).status).toBe(200);
    const bought = await call<{ id: string }>('POST', '/api/subscription/new', {
      token,
      body: { items: [{ kind: 'bots', quantity: 1 }], term: '1m' },
    });
    expect(bought.status).toBe(201);
    // The period ends in twelve hours: inside the renewal window.
    await withDb((db) =>
      db
        .update(subscriptions)
        .set({ expiresAt: sql`now() + interval '12 hours'` })
        .where(eq(subscriptions.id, bought.json.id)),
    );
    const before = (await fake<{ calls: unknown[] }>('GET', 'calls?method=Charge')).calls.length;
    for (let run = 0; run < 2; run++) {
      const response = await deliver({ name: RENEWAL, body: 'null', signature: await sign(RENEWAL, 'null') });
      expect(response.status).toBe(200);
    }
    const after = (await fake<{ calls: unknown[] }>('GET', 'calls?method=Charge')).calls.length;
    expect(after - before).toBe(1);
    const renewal = await withDb(async (db) => {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.renewalOf, bought.json.id)));
      return row;
    });
    expect(renewal?.paidAt).not.toBeNull();
  });
});
