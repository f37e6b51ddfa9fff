import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { historyEntries, type Integration, integrations } from '../../db/schema';
import { openConnectionSecret } from '../../functions/integrations/connection-secrets';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { type FakeShopScript, startFakeShopScript } from '../fakes/shopscript';
import { signedInUser } from './support/client';
import { createWorkingBot, fakeLlm, LLM_KEY, say } from './support/engine';
import { listeningTestApp } from './support/listening-app';

/**
 * Shop-Script (issue #24 §4; reference/messengers.md §6.1) through the app against its fake: a shop
 * connected on its own consent page (state bound to the account and the browser, the code spent for
 * a sealed token at the shop), and the "find products" action whose answer carries only what the
 * shop's catalogue says: names, prices in the product's currency, stock, storefront links.
 */

const SHOP = 'https://shop.example.ru';
const CONNECT_FAILED = 'Подключение не удалось, повторите попытку';

let llm: FakeOpenAi;
let shop: FakeShopScript;

const app = listeningTestApp(async () => {
  [llm, shop] = await Promise.all([
    startFakeOpenAi({ apiKey: LLM_KEY }),
    startFakeShopScript({ now: () => (app.t ? app.t.clock.now() : new Date()) }),
  ]);
  return { llm: fakeLlm(llm), settings: { apiRoots: { shopscript: shop.url } } };
});

afterAll(async () => {
  await Promise.all([llm?.close(), shop?.close()]);
});

beforeEach(() => llm.reset());

async function ownerWithShop(address = 'shop.example.ru/webasyst/') {
  const owner = await signedInUser(app.t);
  const created = await app.call('POST', '/api/integrations', {
    token: owner.token,
    body: { type: 'shopscript', connection_data: { shop_url: address } },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return { token: owner.token, id: created.json.id as string };
}

/** Starts the consent as the connect button does: the shop's consent page and the browser's cookie. */
async function startConsent(token: string, id: string) {
  const response = await app.t.app.request(`/api/integrations/${id}/consent`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-test-ip': '10.0.0.1' },
  });
  const body = (await response.json()) as { url: string; message?: string };
  const cookie = /^(consent_browser=[^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return { status: response.status, url: body.url, message: body.message, cookie };
}

/** The shop's redirect followed by a browser holding `cookie`: where the app sends it next. */
async function comeBack(redirect: string, cookie: string) {
  const back = new URL(redirect);
  const response = await app.t.app.request(`${back.pathname}${back.search}`, {
    headers: { 'x-test-ip': '10.0.0.1', ...(cookie ? { cookie } : {}) },
  });
  expect(response.status).toBe(302);
  return response.headers.get('location') ?? '';
}

const view = async (token: string, id: string) =>
  (await app.call('GET', `/api/integrations/${id}`, { token })).json;

const rowOf = async (id: string): Promise<Integration> => {
  const [row] = await app.t.db.select().from(integrations).where(eq(integrations.id, id));
  if (!row) throw new Error('no row');
  return row;
};

async function connectedShop() {
  const owner = await ownerWithShop();
  const started = await startConsent(owner.token, owner.id);
  expect(started.status).toBe(200);
  expect(await comeBack(shop.approve(started.url), started.cookie)).toBe(
    `/integrations/shopscript/${owner.id}`,
  );
  return owner;
}

async function shopBot(token: string, integrationId: string, maxProducts = 5) {
  return createWorkingBot(app.call, token, {
    conditions: { channels: ['check'] },
    process_scheme: 'instant',
    actions_enable: true,
    actions: [
      {
        name: 'Поиск товаров',
        description: 'Найти товары в каталоге магазина',
        goal_prompt: 'Когда клиент спрашивает о товаре, цене или наличии',
        type: 'find_products',
        settings: { integration_id: integrationId, max_products: maxProducts },
      },
    ],
  });
}

/** The customer asks; the model calls the tool with `query`, then answers: what the tool gave it. */
async function askShop(token: string, botId: string, query: string) {
  llm.queue(
    { kind: 'tool_calls', calls: [{ name: 'find_products_1', arguments: { query } }] },
    { kind: 'text', text: 'Вот что нашлось' },
  );
  await say(app.call, token, botId, 'Что у вас есть?');
  await app.t.jobs.runDue();
  const tool = ((llm.bodies[1]?.messages ?? []) as { role: string; content: string }[]).find(
    (message) => message.role === 'tool',
  );
  expect(tool, 'the model got the tool result').toBeDefined();
  return JSON.parse(tool?.content ?? '{}') as Record<string, unknown> & {
    products?: Record<string, unknown>[];
  };
}

describe('Shop-Script: connecting on the shop’s consent page', () => {
  it('sends the owner to the shop with our client id, spends the code once for a sealed token, connects', async () => {
    const owner = await ownerWithShop();
    // The pasted backend address is kept as the installation's root.
    expect((await view(owner.token, owner.id)).connection_data.shop_url).toBe(SHOP);
    const started = await startConsent(owner.token, owner.id);
    expect(started.status).toBe(200);
    const url = new URL(started.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${shop.url}/api.php/auth`);
    const host = new URL(app.origin).host;
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: host,
      client_name: host,
      response_type: 'code',
      scope: 'shop',
    });
    const redirectUri = new URL(url.searchParams.get('redirect_uri') ?? '');
    expect(`${redirectUri.origin}${redirectUri.pathname}`).toBe(
      `${app.origin}/api/webhooks/shopscript/oauth`,
    );
    expect(redirectUri.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{16,}$/);

    const redirect = shop.approve(started.url);
    expect(await comeBack(redirect, started.cookie)).toBe(`/integrations/shopscript/${owner.id}`);
    const shown = await view(owner.token, owner.id);
    expect(shown).toMatchObject({
      connected: true,
      integration_account_id: 'shop.example.ru',
      connection_data: { shop_url: SHOP, products_count: 4 },
    });
    expect(JSON.stringify(shown)).not.toContain('access_token');
    const row = await rowOf(owner.id);
    expect(typeof row.connectionData.access_token).not.toBe('string');
    const token = await openConnectionSecret(app.t.settings.secretsKey, row, 'access_token');
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    // The token went as the access_token parameter.
    expect(shop.calls.at(-1)).toMatchObject({ method: 'shop.product.search', token, status: 200 });

    // The same return again: the state is spent, nothing is exchanged.
    const exchanges = shop.tokenCalls.length;
    expect(await comeBack(redirect, started.cookie)).toBe('/integrations/shopscript?shopscript_error=state');
    expect(shop.tokenCalls.length).toBe(exchanges);
  });

  it('refuses a state started in another browser or account, a forged one, and no state', async () => {
    const victim = await ownerWithShop();
    const mine = await startConsent(victim.token, victim.id);
    const attacker = await ownerWithShop();
    const theirs = await startConsent(attacker.token, attacker.id);
    const exchanges = shop.tokenCalls.length;
    const approved = shop.approve(theirs.url);
    // The attacker's consent, approved, comes back to the victim's browser, or to one with no cookie.
    expect(await comeBack(approved, mine.cookie)).toBe('/integrations/shopscript?shopscript_error=state');
    expect(await comeBack(approved, '')).toBe('/integrations/shopscript?shopscript_error=state');
    const forged = new URL(approved);
    forged.searchParams.set('state', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(await comeBack(forged.toString(), theirs.cookie)).toBe(
      '/integrations/shopscript?shopscript_error=state',
    );
    forged.searchParams.delete('state');
    expect(await comeBack(forged.toString(), theirs.cookie)).toBe(
      '/integrations/shopscript?shopscript_error=state',
    );
    expect(shop.tokenCalls.length).toBe(exchanges);
    expect((await view(victim.token, victim.id)).connected).toBe(false);
    expect((await view(attacker.token, attacker.id)).connected).toBe(false);
    // Left unspent, in the browser that started it, it still finishes its own integration only.
    expect(await comeBack(approved, theirs.cookie)).toBe(`/integrations/shopscript/${attacker.id}`);
    expect((await view(attacker.token, attacker.id)).connected).toBe(true);
    expect((await view(victim.token, victim.id)).connected).toBe(false);
  });

  it('a refused, wrong or expired code and an unreachable shop end in "connection failed"', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const owner = await ownerWithShop();
      const denied = await startConsent(owner.token, owner.id);
      expect(await comeBack(shop.deny(denied.url), denied.cookie)).toBe(
        `/integrations/shopscript/${owner.id}?shopscript_error=denied`,
      );

      const wrong = await startConsent(owner.token, owner.id);
      const wrongCode = new URL(shop.approve(wrong.url));
      wrongCode.searchParams.set('code', '0123456789abcdef0123456789abcdef');
      expect(await comeBack(wrongCode.toString(), wrong.cookie)).toBe(
        `/integrations/shopscript/${owner.id}?shopscript_error=failed`,
      );
      expect(shop.tokenCalls.at(-1)).toMatchObject({ error: 'invalid_grant' });

      const late = await startConsent(owner.token, owner.id);
      const lateRedirect = shop.approve(late.url);
      app.t.clock.advance(4 * 60_000);
      expect(await comeBack(lateRedirect, late.cookie)).toBe(
        `/integrations/shopscript/${owner.id}?shopscript_error=failed`,
      );
      expect(shop.tokenCalls.at(-1)).toMatchObject({ error: 'invalid_grant' });

      const away = await startConsent(owner.token, owner.id);
      const awayRedirect = shop.approve(away.url);
      const saved = app.t.settings.apiRoots;
      app.t.settings.apiRoots = { shopscript: 'http://127.0.0.1:9' };
      try {
        expect(await comeBack(awayRedirect, away.cookie)).toBe(
          `/integrations/shopscript/${owner.id}?shopscript_error=failed`,
        );
      } finally {
        app.t.settings.apiRoots = saved;
      }
      expect((await view(owner.token, owner.id)).connected).toBe(false);
      // The connect button without a token: the §8 text.
      const connect = await app.call('POST', `/api/integrations/connect/${owner.id}`, { token: owner.token });
      expect(connect.status).toBe(422);
      expect(connect.json.message).toBe(CONNECT_FAILED);
    } finally {
      warn.mockRestore();
    }
  });

  it('asks for the shop address first, refuses one that is not an address, and lets go of a changed one', async () => {
    const owner = await signedInUser(app.t);
    const bad = await app.call('POST', '/api/integrations', {
      token: owner.token,
      body: { type: 'shopscript', connection_data: { shop_url: 'not a shop' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.fields).toHaveProperty(['connection_data.shop_url']);
    const empty = await app.call('POST', '/api/integrations', {
      token: owner.token,
      body: { type: 'shopscript', connection_data: {} },
    });
    expect(empty.status).toBe(201);
    const consent = await startConsent(owner.token, empty.json.id);
    expect(consent.status).toBe(422);
    expect(consent.message).toBe('Сначала сохраните адрес магазина');

    const connected = await connectedShop();
    const moved = await app.call('PATCH', `/api/integrations/${connected.id}`, {
      token: connected.token,
      body: { connection_data: { shop_url: 'other-shop.example.ru' } },
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(moved.json.connected).toBe(false);
    expect(
      await openConnectionSecret(app.t.settings.secretsKey, await rowOf(connected.id), 'access_token'),
    ).toBeNull();
  });

  it("another account's shop is 404 to look at, to connect and to use in a bot", async () => {
    const owner = await connectedShop();
    const stranger = await signedInUser(app.t);
    expect((await app.call('GET', `/api/integrations/${owner.id}`, { token: stranger.token })).status).toBe(
      404,
    );
    expect((await startConsent(stranger.token, owner.id)).status).toBe(404);
    expect(
      (await app.call('POST', `/api/integrations/connect/${owner.id}`, { token: stranger.token })).status,
    ).toBe(404);
    // A stranger's bot naming the shop gets no tool for it: the shop is never searched for them.
    const created = await app.call('POST', '/api/bot', {
      token: stranger.token,
      body: {
        name: 'Чужой',
        model: 'gpt-4o-mini',
        system_prompt: 'Отвечай коротко.',
        goal_prompt: 'Помочь',
        process_scheme: 'instant',
        conditions: { channels: ['check'] },
        actions_enable: true,
        actions: [
          {
            name: 'Поиск',
            goal_prompt: 'Всегда',
            type: 'find_products',
            settings: { integration_id: owner.id },
          },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const searches = shop.calls.length;
    llm.queue({ kind: 'text', text: 'Здравствуйте' });
    await say(app.call, stranger.token, created.json.id, 'Есть чайники?');
    await app.t.jobs.runDue();
    const tools = (llm.bodies[0]?.tools ?? []) as { function: { name: string } }[];
    expect(tools.map((tool) => tool.function.name)).not.toContain('find_products_1');
    expect(shop.calls.length).toBe(searches);
  });
});

describe('Shop-Script: find products', () => {
  it('answers with the catalogue’s names, prices in the product’s currency, stock and storefront links', async () => {
    const owner = await connectedShop();
    const botId = await shopBot(owner.token, owner.id);
    const result = await askShop(owner.token, botId, 'чайник');
    expect(result.ok).toBe(true);
    const products = result.products ?? [];
    // The hidden product is not offered.
    expect(products.map((product) => product.name)).toEqual([
      'Чайник электрический "Ромашка"',
      'Чайник заварочный',
    ]);
    expect(products[0]).toMatchObject({
      price: '2490.00',
      price_minor: 249000,
      currency: 'RUB',
      stock: 7,
      url: 'https://shop.example.ru/product/chaynik-romashka/',
    });
    // HTML stripped (and the script with it), entities decoded.
    expect(products[0]?.description).toBe('Стеклянный корпус, подсветка и автоотключение. Гарантия 2 года.');
    // Stock not counted is not invented; a long description is cut; the variants' own prices.
    const teapot = products[1] ?? {};
    expect(teapot).toMatchObject({ price: '990.50', price_minor: 99050, currency: 'RUB' });
    expect(teapot).not.toHaveProperty('stock');
    expect(String(teapot.description).length).toBeLessThanOrEqual(400);
    expect(String(teapot.description).endsWith('…')).toBe(true);
    expect(teapot.variants).toEqual([
      { name: 'Белый', price: '990.50', price_minor: 99050, currency: 'RUB' },
      { name: 'Синий', price: '1090.00', price_minor: 109000, currency: 'RUB', stock: 0 },
    ]);
    // The search went as the shop's full-text hash, with the token as a parameter.
    const search = shop.calls.find((call) => call.method === 'shop.product.search' && call.query.hash);
    expect(search?.query).toMatchObject({
      hash: 'search/query=%D1%87%D0%B0%D0%B9%D0%BD%D0%B8%D0%BA',
      fields: 'frontend_url',
    });
    const [history] = await app.t.db.select().from(historyEntries).where(eq(historyEntries.botId, botId));
    expect(history?.actions).toEqual([
      { name: 'Поиск товаров', type: 'find_products', ok: true, detail: '2 found for «чайник»' },
    ]);
  });

  it('quotes a product priced in another currency in that currency, and keeps to the limit', async () => {
    const owner = await connectedShop();
    const coffee = await askShop(owner.token, await shopBot(owner.token, owner.id), 'кофемашина');
    expect(coffee.products).toEqual([
      expect.objectContaining({
        name: 'Кофемашина Bellissimo',
        price: '499.00',
        price_minor: 49900,
        currency: 'USD',
        stock: 2,
      }),
    ]);
    llm.reset();
    const one = await askShop(owner.token, await shopBot(owner.token, owner.id, 1), 'чайник');
    expect(one.products).toHaveLength(1);
  });

  it('says when nothing is found, and that a refused token must be connected again', async () => {
    const owner = await connectedShop();
    const botId = await shopBot(owner.token, owner.id);
    const none = await askShop(owner.token, botId, 'велосипед');
    expect(none).toMatchObject({ ok: true, products: [] });
    expect(String(none.note)).toMatch(/Nothing in the shop matches/);

    shop.revokeTokens();
    llm.reset();
    const refused = await askShop(owner.token, botId, 'чайник');
    expect(refused).toEqual({ ok: false, error: 'The shop refused our access: it must be connected again' });
    expect(shop.calls.at(-1)).toMatchObject({ status: 401 });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const again = await app.call('POST', `/api/integrations/connect/${owner.id}`, { token: owner.token });
      expect(again.status).toBe(422);
      expect(again.json.message).toBe(CONNECT_FAILED);
      expect(warn.mock.calls.map((call) => String(call[0])).join('\n')).toContain('invalid_token');
    } finally {
      warn.mockRestore();
    }
  });
});
