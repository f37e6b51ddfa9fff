import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, balanceEntries, subscriptionItems, subscriptions, transactions } from '../../db/schema';
import { createRenewal } from '../../functions/services/billing/buy-subscription';
import { INTEGRATION_CATALOGUE } from '../../functions/shared/integration-catalogue';
import { sharedTestApp, signedInUser } from './support/client';
import { workingBotBody } from './support/engine';
import { addMoney, balanceTotal, endDemo, payingOwner } from './support/money';

const api = sharedTestApp();

const WELCOME_RUB = 10_000;
const BOT_MONTH_RUB = 99_000;
const oneBot = { items: [{ kind: 'bots', quantity: 1 }], term: '1m' };

async function buy(token: string, body: unknown) {
  return api.call('POST', '/api/subscription/new', { token, body });
}

async function list(token: string) {
  return (await api.call('GET', '/api/subscription', { token })).json as Record<string, unknown>[];
}

describe('subscriptions: tariffs and the constructor', () => {
  it('answers the price list in the account currency or the one asked for, and refuses others', async () => {
    const owner = await signedInUser(api.t);
    const rub = await api.call('GET', '/api/subscription/tariffs', { token: owner.token });
    expect(rub.status).toBe(200);
    expect(rub.json.currency).toBe('rub');
    expect(rub.json.tariffs).toContainEqual({ kind: 'bots', month_minor: BOT_MONTH_RUB });
    expect(rub.json.tariffs).toContainEqual({ kind: 'telegram', month_minor: 49_000 });
    expect(rub.json.terms).toContainEqual({ id: '3m', unit: 'month', count: 3, discount_percent: 5 });
    expect(rub.json.terms).toContainEqual({ id: '7d', unit: 'day', count: 7, discount_percent: 0 });

    const usd = await api.call('GET', '/api/subscription/tariffs?currency=usd', { token: owner.token });
    expect(usd.json.tariffs).toContainEqual({ kind: 'bots', month_minor: 1_200 });

    const bad = await api.call('GET', '/api/subscription/tariffs?currency=gbp', { token: owner.token });
    expect(bad.status).toBe(422);
    expect((await api.call('GET', '/api/subscription/tariffs')).status).toBe(401);
  });

  it('prices what the constructor built with the term discount, without buying', async () => {
    const owner = await signedInUser(api.t);
    const quote = await api.call('POST', '/api/subscription', {
      token: owner.token,
      body: {
        items: [
          { kind: 'bots', quantity: 2 },
          { kind: 'telegram', quantity: 1 },
        ],
        term: '3m',
      },
    });
    expect(quote.status).toBe(200);
    const full = (2 * BOT_MONTH_RUB + 49_000) * 3;
    expect(quote.json.full_minor).toBe(full);
    expect(quote.json.discount_minor).toBe(Math.floor(full * 0.05));
    expect(quote.json.total_minor).toBe(full - Math.floor(full * 0.05));
    expect(quote.json.missing_minor).toBe(quote.json.total_minor - WELCOME_RUB);
    // A week is priced by the day: seven thirtieths of a month.
    const week = await api.call('POST', '/api/subscription', {
      token: owner.token,
      body: { items: [{ kind: 'bots', quantity: 1 }], term: '7d' },
    });
    expect(week.json.total_minor).toBe(Math.ceil((BOT_MONTH_RUB * 7) / 30));
    expect(await list(owner.token)).toHaveLength(1); // the demo only: nothing was bought
  });

  it('refuses a bad constructor with the field messages', async () => {
    const owner = await signedInUser(api.t);
    const zero = await api.call('POST', '/api/subscription', {
      token: owner.token,
      body: { items: [{ kind: 'bots', quantity: 0 }], term: '1m' },
    });
    expect(zero.status).toBe(422);
    expect(zero.json.message).toBe('Укажите количество от 1 до 100');
    const empty = await buy(owner.token, { items: [], term: '1m' });
    expect(empty.status).toBe(422);
    const twice = await buy(owner.token, {
      items: [
        { kind: 'bots', quantity: 1 },
        { kind: 'bots', quantity: 2 },
      ],
      term: '1m',
    });
    expect(twice.status).toBe(422);
    const term = await buy(owner.token, { items: [{ kind: 'bots', quantity: 1 }], term: '5y' });
    expect(term.status).toBe(422);
    const kind = await buy(owner.token, { items: [{ kind: 'fax', quantity: 1 }], term: '1m' });
    expect(kind.status).toBe(422);
    expect(await list(owner.token)).toHaveLength(1);
  });

  it('offers and sells places only for integrations that can be connected (the catalogue’s built flag)', async () => {
    const owner = await payingOwner(api.t, 500_000);
    const balance = await balanceTotal(api.t, owner.token);
    const offered = (await api.call('GET', '/api/subscription/tariffs', { token: owner.token })).json
      .tariffs as { kind: string }[];
    const kinds = offered.map((tariff) => tariff.kind);
    const built = INTEGRATION_CATALOGUE.filter((entry) => entry.built).map((entry) => entry.type);
    const unbuilt = INTEGRATION_CATALOGUE.filter((entry) => !entry.built).map((entry) => entry.type);
    expect(unbuilt).toEqual(expect.arrayContaining(['imot.io', 'wahelp', 'messagehelp']));
    expect(kinds).toEqual(['bots', ...built]);
    for (const type of unbuilt) expect(kinds).not.toContain(type);

    const before = await list(owner.token);
    for (const type of ['imot.io', 'messagehelp']) {
      const body = { items: [{ kind: type, quantity: 1 }], term: '1m' };
      const quoted = await api.call('POST', '/api/subscription', { token: owner.token, body });
      expect(quoted.status).toBe(422);
      expect(quoted.json.message).toBe(
        'Эту интеграцию пока нельзя подключить, поэтому место для неё не продаётся',
      );
      const bought = await buy(owner.token, {
        items: [{ kind: 'bots', quantity: 1 }, ...body.items],
        term: '1m',
      });
      expect(bought.status).toBe(422);
      expect(bought.json.fields['items.1.kind']).toBeDefined();
    }
    expect(await list(owner.token)).toEqual(before);
    expect(await balanceTotal(api.t, owner.token)).toBe(balance);
    const [subscription] = before as { id: string }[];
    const next = await api.call('PATCH', `/api/subscription/${subscription?.id}`, {
      token: owner.token,
      body: { next_items: [{ kind: 'wahelp', quantity: 1 }] },
    });
    expect(next.status).toBe(422);
    // A built type is still sold.
    const telegram = await api.call('POST', '/api/subscription', {
      token: owner.token,
      body: { items: [{ kind: 'telegram', quantity: 1 }], term: '1m' },
    });
    expect(telegram.status).toBe(200);
  });
});

describe('subscriptions: buying from the balance', () => {
  it('buys with one write-off: the balance drops by the price and the transaction says write-off', async () => {
    const owner = await payingOwner(api.t, 200_000);
    const bought = await buy(owner.token, oneBot);
    expect(bought.status).toBe(201);
    expect(bought.json).toMatchObject({
      status: 'active',
      demo: 0,
      price_minor: BOT_MONTH_RUB,
      auto_renewal: true,
    });
    expect(bought.json.items).toEqual([{ kind: 'bots', quantity: 1, used: 0, available: 1 }]);
    expect(bought.json.expires_in).toBeGreaterThanOrEqual(28);
    expect(await balanceTotal(api.t, owner.token)).toBe(WELCOME_RUB + 200_000 - BOT_MONTH_RUB);
    const history = await api.call('GET', '/api/transactions', { token: owner.token });
    expect(history.json.items).toEqual([
      expect.objectContaining({
        operation: 'subscription',
        status: 'write_off',
        amount_minor: BOT_MONTH_RUB,
      }),
    ]);
  });

  it('counts the welcome credit even when the balance was never read', async () => {
    const owner = await signedInUser(api.t);
    const week = Math.ceil((BOT_MONTH_RUB * 7) / 30);
    const short = await buy(owner.token, { items: [{ kind: 'bots', quantity: 1 }], term: '7d' });
    expect(short.json.missing_minor).toBe(week - WELCOME_RUB);
  });

  it('when money is short answers 402 with what is missing and keeps the subscription unpaid until paid', async () => {
    const owner = await payingOwner(api.t);
    const short = await buy(owner.token, oneBot);
    expect(short.status).toBe(402);
    expect(short.json.code).toBe('insufficient_balance');
    expect(short.json.missing_minor).toBe(BOT_MONTH_RUB - WELCOME_RUB);
    expect(short.json.currency).toBe('rub');
    expect(short.json.message).toMatch(/^Недостаточно средств на балансе: не хватает 890,00\srub$/);
    expect(await balanceTotal(api.t, owner.token)).toBe(WELCOME_RUB);
    const waiting = (await list(owner.token)).find((one) => one.id === short.json.subscription_id);
    expect(waiting).toMatchObject({ status: 'inactive', starts_at: null, expires_at: null });

    await addMoney(api.t, owner.accountId, 'rub', short.json.missing_minor);
    const paid = await buy(owner.token, { id: short.json.subscription_id });
    expect(paid.status).toBe(201);
    expect(paid.json.status).toBe('active');
    expect(await balanceTotal(api.t, owner.token)).toBe(0);
    const again = await buy(owner.token, { id: short.json.subscription_id });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('Подписка уже оплачена');
    expect(await balanceTotal(api.t, owner.token)).toBe(0);
  });

  it('a renewal bought early is in advance and starts where the current one ends; only one per period', async () => {
    const owner = await payingOwner(api.t, 300_000);
    const current = (await buy(owner.token, oneBot)).json;
    const renewal = await buy(owner.token, { renew: current.id });
    expect(renewal.status).toBe(201);
    expect(renewal.json.status).toBe('in_advance');
    expect(renewal.json.starts_at).toBe(current.expires_at);
    expect(renewal.json.renewal_of).toBe(current.id);
    const twice = await buy(owner.token, { renew: current.id });
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe('Эта подписка уже продлена');
    expect((await list(owner.token)).find((one) => one.id === current.id)?.renewed_by).toBe(renewal.json.id);
  });

  it('two purchases racing for the last money: one is bought, the other refused, the ledger adds up', async () => {
    const owner = await payingOwner(api.t, BOT_MONTH_RUB - WELCOME_RUB);
    const [first, second] = await Promise.all([buy(owner.token, oneBot), buy(owner.token, oneBot)]);
    expect([first.status, second.status].sort()).toEqual([201, 402]);
    const ledger = await api.t.db
      .select()
      .from(balanceEntries)
      .where(eq(balanceEntries.accountId, owner.accountId));
    expect(ledger.reduce((sum, row) => sum + row.amountMinor, 0)).toBe(0);
    const writeOffs = await api.t.db
      .select()
      .from(transactions)
      .where(eq(transactions.accountId, owner.accountId));
    expect(writeOffs.filter((row) => row.status === 'write_off')).toHaveLength(1);
  });

  it('changes auto-renewal and the next period’s counts; deletes only unpaid or expired ones', async () => {
    const owner = await payingOwner(api.t, 100_000);
    const current = (await buy(owner.token, oneBot)).json;
    const patched = await api.call('PATCH', `/api/subscription/${current.id}`, {
      token: owner.token,
      body: { auto_renewal: false, next_items: [{ kind: 'bots', quantity: 3 }] },
    });
    expect(patched.status).toBe(200);
    expect(patched.json.auto_renewal).toBe(false);
    expect(patched.json.settings.next_items).toEqual([{ kind: 'bots', quantity: 3 }]);
    // A body that names nothing to change changes nothing.
    const unchanged = await api.call('PATCH', `/api/subscription/${current.id}`, {
      token: owner.token,
      body: {},
    });
    expect(unchanged.status).toBe(200);
    expect(unchanged.json).toMatchObject({ auto_renewal: false, settings: patched.json.settings });
    // The renewal takes the next period's counts, priced now: three bots.
    const renewal = await buy(owner.token, { renew: current.id });
    expect(renewal.status).toBe(402);
    expect(renewal.json.missing_minor).toBe(3 * BOT_MONTH_RUB - (WELCOME_RUB + 100_000 - BOT_MONTH_RUB));

    const refused = await api.call('DELETE', `/api/subscription/${current.id}`, { token: owner.token });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('Удалить можно только неоплаченную или истёкшую подписку');
    const removed = await api.call('DELETE', `/api/subscription/${renewal.json.subscription_id}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(204);
    expect((await list(owner.token)).map((one) => one.id)).not.toContain(renewal.json.subscription_id);
  });

  it('another account’s subscription answers 404 to every call', async () => {
    const owner = await payingOwner(api.t, 100_000);
    const mine = (await buy(owner.token, oneBot)).json;
    const stranger = await signedInUser(api.t);
    for (const [method, path, body] of [
      ['PATCH', `/api/subscription/${mine.id}`, { auto_renewal: false }],
      ['DELETE', `/api/subscription/${mine.id}`, undefined],
      ['POST', '/api/subscription/new', { renew: mine.id }],
      ['POST', '/api/subscription/new', { id: mine.id }],
      ['PATCH', '/api/subscription/not-a-uuid', { auto_renewal: false }],
    ] as const) {
      const answer = await api.call(method, path, { token: stranger.token, body });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect((await list(owner.token)).find((one) => one.id === mine.id)?.auto_renewal).toBe(true);
  });
});

describe('subscriptions: the gates', () => {
  async function newBot(token: string) {
    const created = await api.call('POST', '/api/bot', { token, body: workingBotBody() });
    return created.json.id as string;
  }

  it('after the demo a bot switches on only into a free place, else 402 with the suggestion', async () => {
    const owner = await payingOwner(api.t, 100_000);
    await endDemo(api.t, owner.accountId);
    const first = await newBot(owner.token);
    const none = await api.call('PATCH', `/api/bot/${first}`, {
      token: owner.token,
      body: { is_work: true },
    });
    expect(none.status).toBe(402);
    expect(none.json.code).toBe('subscription_required');
    expect(none.json.suggestion).toEqual({ kind: 'bots', quantity: 1 });
    expect(none.json.message).toBe(
      'Нет свободного места в подписке: боты. Оформите подписку, чтобы продолжить',
    );

    expect((await buy(owner.token, oneBot)).status).toBe(201);
    const on = await api.call('PATCH', `/api/bot/${first}`, { token: owner.token, body: { is_work: true } });
    expect(on.status).toBe(200);
    expect(on.json.subscription.active).toBe(true);
    const second = await newBot(owner.token);
    const full = await api.call('PATCH', `/api/bot/${second}`, {
      token: owner.token,
      body: { is_work: true },
    });
    expect(full.status).toBe(402);
    const view = (await list(owner.token))[0] as { items: { used: number; available: number }[] };
    expect(view.items[0]).toMatchObject({ used: 1, available: 0 });
    // Switching the working one on again is no new place.
    expect(
      (await api.call('PATCH', `/api/bot/${first}`, { token: owner.token, body: { is_work: true } })).status,
    ).toBe(200);
  });

  it('after the demo an integration connects only while its type is covered', async () => {
    const owner = await payingOwner(api.t, 100_000);
    await endDemo(api.t, owner.accountId);
    const widget = await api.call('POST', '/api/integrations', {
      token: owner.token,
      body: { type: 'onchat' },
    });
    const refused = await api.call('POST', `/api/integrations/connect/${widget.json.id}`, {
      token: owner.token,
    });
    expect(refused.status).toBe(402);
    expect(refused.json.suggestion).toEqual({ kind: 'onchat', quantity: 1 });
    const detail = await api.call('GET', `/api/integrations/${widget.json.id}`, { token: owner.token });
    expect(detail.json.connected).toBe(false);

    expect((await buy(owner.token, { items: [{ kind: 'onchat', quantity: 1 }], term: '1m' })).status).toBe(
      201,
    );
    const connected = await api.call('POST', `/api/integrations/connect/${widget.json.id}`, {
      token: owner.token,
    });
    expect(connected.status).toBe(200);
  });
});

describe('subscriptions: renewing what was sold before', () => {
  it('renews a subscription without the places of types that cannot be connected', async () => {
    const owner = await payingOwner(api.t, 200_000);
    const bought = await buy(owner.token, oneBot);
    expect(bought.status).toBe(201);
    // A place for a type that is not built yet, as the constructor once sold it.
    await api.t.db.insert(subscriptionItems).values({
      subscriptionId: bought.json.id,
      accountId: owner.accountId,
      kind: 'imot.io',
      quantity: 1,
    });
    const [account] = await api.t.db.select().from(accounts).where(eq(accounts.id, owner.accountId));
    const [previous] = await api.t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, bought.json.id));
    if (!account || !previous) throw new Error('no subscription');
    const renewal = await createRenewal(api.t.db, account, api.t.clock.now(), previous);
    expect(renewal?.priceMinor).toBe(BOT_MONTH_RUB);
    const items = await api.t.db
      .select({ kind: subscriptionItems.kind, quantity: subscriptionItems.quantity })
      .from(subscriptionItems)
      .where(eq(subscriptionItems.subscriptionId, renewal?.id ?? ''));
    expect(items).toEqual([{ kind: 'bots', quantity: 1 }]);
  });
});
