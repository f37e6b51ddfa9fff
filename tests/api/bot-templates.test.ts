import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bots, type IntegrationType, integrations } from '../../db/schema';
import { INDUSTRIES } from '../../functions/shared/constants';
import { sharedTestApp, signedInUser } from './support/client';

const api = sharedTestApp();

async function accountId(token: string): Promise<string> {
  return (await api.call('GET', '/api/profile', { token })).json.id;
}

/** An integration of `type` the server has connected (its connection_data carries connected_at). */
async function connect(token: string, type: IntegrationType): Promise<string> {
  const now = api.t.clock.now();
  const [row] = await api.t.db
    .insert(integrations)
    .values({
      accountId: await accountId(token),
      type,
      integrationAccountId: `${type}-acc`,
      connectionData: { connected_at: now.toISOString() },
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('integration insert returned nothing');
  return row.id;
}

/** An integration the owner saved through the API but never connected. */
async function saveUnconnected(token: string, type: IntegrationType): Promise<string> {
  const saved = await api.call('POST', '/api/integrations', {
    token,
    body: { type, integration_account_id: `${type}-saved`, connection_data: { api_key: 'saved-key-0001' } },
  });
  expect(saved.status).toBe(201);
  expect(saved.json.connected).toBe(false);
  return saved.json.id;
}

interface TemplateCard {
  id: string;
  industry: string;
  name: string;
  description: string;
  lang: string;
  required_integrations: string[];
  missing_integrations: string[];
  available: boolean;
  bot: { name: string; system_prompt: string; custom_variables: { name: string }[]; actions: unknown[] };
}

describe('GET /api/bots/templates', () => {
  it('lists a template for each of the 15 industries, in ru and en, with what is missing', async () => {
    const user = await signedInUser(api.t);
    const ru = await api.call('GET', '/api/bots/templates?lang=ru', { token: user.token });
    expect(ru.status).toBe(200);
    const cards = ru.json as TemplateCard[];
    expect(cards.map((card) => card.industry)).toEqual([...INDUSTRIES]);
    for (const card of cards) {
      expect(card.lang).toBe('ru');
      expect(card.name).toMatch(/[А-Яа-яЁё]/);
      expect(card.bot.name).toBe(card.name);
      expect(card.bot.system_prompt.length).toBeGreaterThan(800);
      expect(card.bot.custom_variables.every((variable) => /^[a-z][a-z_]*$/.test(variable.name))).toBe(true);
      expect(card.missing_integrations).toEqual(card.required_integrations);
      expect(card.available).toBe(card.required_integrations.length === 0);
    }
    const beauty = cards.find((card) => card.industry === 'beauty');
    expect(beauty).toMatchObject({
      name: 'Администратор салона красоты',
      required_integrations: ['yclients'],
      available: false,
    });
    expect(cards.find((card) => card.industry === 'medicine')?.name).toBe('Регистратор медицинской клиники');
    expect(cards.find((card) => card.industry === 'shop')?.available).toBe(true);

    const en = await api.call('GET', '/api/bots/templates?lang=en', { token: user.token });
    const enCards = en.json as TemplateCard[];
    expect(enCards.map((card) => card.id)).toEqual(cards.map((card) => card.id));
    for (const card of enCards) {
      expect(card.lang).toBe('en');
      expect(`${card.name} ${card.description} ${card.bot.system_prompt}`).not.toMatch(/[А-Яа-яЁё]/);
    }
    expect(enCards.find((card) => card.industry === 'beauty')?.name).toBe('Beauty salon administrator');
  });

  it('uses the account’s language without ?lang and refuses an unknown one', async () => {
    const english = await signedInUser(api.t, { language: 'en' });
    const list = await api.call('GET', '/api/bots/templates', { token: english.token });
    expect((list.json as TemplateCard[])[0]?.lang).toBe('en');
    const bad = await api.call('GET', '/api/bots/templates?lang=fr', { token: english.token });
    expect(bad.status).toBe(422);
    expect(bad.json).toEqual({
      code: 'validation_failed',
      message: 'Invalid value',
      fields: { lang: 'Invalid value' },
    });
  });
});

describe('POST /api/bot from a template', () => {
  it('creates a bot from a template that needs no integration, in the language asked', async () => {
    const user = await signedInUser(api.t);
    const ru = await api.call('POST', '/api/bot', {
      token: user.token,
      body: { template_id: 'shop-consultant' },
    });
    expect(ru.status).toBe(201);
    expect(ru.json).toMatchObject({
      name: 'Консультант интернет-магазина',
      template_id: 'shop-consultant',
      is_work: false,
      actions_enable: true,
      stop_message: 'Момент, уточню информацию',
      problems: [],
    });
    expect(ru.json.custom_variables.map((v: { name: string }) => v.name)).toContain('order_items');
    expect(ru.json.stop_logic.interruption_cases).toContain('Покупатель просит позвать менеджера');

    const en = await api.call('POST', '/api/bot', {
      token: user.token,
      body: { template_id: 'shop-consultant', lang: 'en', name: 'My shop assistant', temperature: 10 },
    });
    expect(en.status).toBe(201);
    expect(en.json).toMatchObject({
      name: 'My shop assistant',
      temperature: 10,
      stop_message: 'One moment, let me check the information',
      template_id: 'shop-consultant',
    });
    expect(en.json.system_prompt).toMatch(/^You are a consultant of an online shop/);
    const on = await api.call('PATCH', `/api/bot/${en.json.id}`, {
      token: user.token,
      body: { is_work: true },
    });
    expect(on.json.is_work).toBe(true);
  });

  it('refuses a template whose integrations are missing, and accepts it once they are connected', async () => {
    const user = await signedInUser(api.t);
    const stranger = await signedInUser(api.t);
    await connect(stranger.token, 'yclients');

    const refused = await api.call('POST', '/api/bot', {
      token: user.token,
      body: { template_id: 'beauty-salon-administrator' },
    });
    expect(refused.status).toBe(422);
    expect(refused.json).toEqual({
      code: 'template_integrations_missing',
      message: 'Для этого шаблона подключите интеграции: YCLIENTS',
      template_id: 'beauty-salon-administrator',
      required_integrations: ['yclients'],
      missing_integrations: ['yclients'],
    });
    const stored = await api.t.db
      .select()
      .from(bots)
      .where(eq(bots.accountId, await accountId(user.token)));
    expect(stored).toEqual([]);

    const yclientsId = await connect(user.token, 'yclients');
    const cards = (await api.call('GET', '/api/bots/templates', { token: user.token }))
      .json as TemplateCard[];
    expect(cards.find((card) => card.industry === 'beauty')).toMatchObject({
      available: true,
      missing_integrations: [],
    });

    const created = await api.call('POST', '/api/bot', {
      token: user.token,
      body: { template_id: 'beauty-salon-administrator' },
    });
    expect(created.status).toBe(201);
    expect(created.json.name).toBe('Администратор салона красоты');
    const branches = created.json.actions.find((a: { type: string }) => a.type === 'get_branches');
    expect(branches.settings).toEqual({ integration_id: yclientsId, branches: [] });
    // The branches live in the customer's YCLIENTS; until they are chosen the bot stays off.
    expect(created.json.problems).toEqual([
      {
        code: 'bot_branches_required',
        path: 'actions.1.type',
        params: { n: 2 },
        message: 'Действие 2: добавьте действие «Получить филиалы» и выберите в нём филиалы',
      },
    ]);
    const off = await api.call('PATCH', `/api/bot/${created.json.id}`, {
      token: user.token,
      body: { is_work: true },
    });
    expect(off.status).toBe(422);
    const chosen = created.json.actions.map((action: { type: string; settings: object }) =>
      action.type === 'get_branches'
        ? { ...action, settings: { ...action.settings, branches: ['814'] } }
        : action,
    );
    const fixed = await api.call('PUT', `/api/bot/${created.json.id}`, {
      token: user.token,
      body: { actions: chosen },
    });
    expect(fixed.json.problems).toEqual([]);
    const on = await api.call('PATCH', `/api/bot/${created.json.id}`, {
      token: user.token,
      body: { is_work: true },
    });
    expect(on.json.is_work).toBe(true);
  });

  it('counts only connected integrations: a saved but unconnected one neither unlocks nor is used', async () => {
    const user = await signedInUser(api.t);
    await saveUnconnected(user.token, 'yclients');

    const cards = (await api.call('GET', '/api/bots/templates', { token: user.token }))
      .json as TemplateCard[];
    expect(cards.find((card) => card.industry === 'beauty')).toMatchObject({
      available: false,
      missing_integrations: ['yclients'],
    });
    const refused = await api.call('POST', '/api/bot', {
      token: user.token,
      body: { template_id: 'beauty-salon-administrator' },
    });
    expect(refused.status).toBe(422);
    expect(refused.json.code).toBe('template_integrations_missing');
    expect(refused.json.missing_integrations).toEqual(['yclients']);

    // Connected later than the saved one, it is still the one the template's actions point at.
    const connectedId = await connect(user.token, 'yclients');
    const unlocked = (await api.call('GET', '/api/bots/templates', { token: user.token }))
      .json as TemplateCard[];
    expect(unlocked.find((card) => card.industry === 'beauty')).toMatchObject({
      available: true,
      missing_integrations: [],
    });
    const created = await api.call('POST', '/api/bot', {
      token: user.token,
      body: { template_id: 'beauty-salon-administrator' },
    });
    expect(created.status).toBe(201);
    const branches = created.json.actions.find((a: { type: string }) => a.type === 'get_branches');
    expect(branches.settings.integration_id).toBe(connectedId);
  });

  it('names every missing integration in the account’s language', async () => {
    const user = await signedInUser(api.t, { language: 'en' });
    const refused = await api.call('POST', '/api/bot', {
      token: user.token,
      body: { template_id: 'accounting-consultant' },
    });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe('Connect these integrations to use this template: Bitrix24');
    expect(refused.json.missing_integrations).toEqual(['bitrix']);
  });

  it('refuses an unknown template id', async () => {
    const user = await signedInUser(api.t);
    for (const template_id of ['no-such-template', 'x'.repeat(65), 7]) {
      const answer = await api.call('POST', '/api/bot', { token: user.token, body: { template_id } });
      expect(answer.status).toBe(422);
      expect(answer.json.code).toBe('validation_failed');
    }
    const unknown = await api.call('POST', '/api/bot', {
      token: user.token,
      body: { template_id: 'no-such-template' },
    });
    expect(unknown.json.fields).toEqual({ template_id: 'Шаблон не найден' });
    expect((await api.call('GET', '/api/bot', { token: user.token })).json).toEqual([]);
  });

  it('creates a bot from every template in ru and en once its integrations are connected', async () => {
    const user = await signedInUser(api.t);
    for (const type of ['yclients', 'amocrm', 'bitrix'] as const) await connect(user.token, type);
    const cards = (await api.call('GET', '/api/bots/templates', { token: user.token }))
      .json as TemplateCard[];
    expect(cards.every((card) => card.available)).toBe(true);
    for (const card of cards) {
      for (const lang of ['ru', 'en'] as const) {
        const created = await api.call('POST', '/api/bot', {
          token: user.token,
          body: { template_id: card.id, lang },
        });
        expect(created.status).toBe(201);
        const codes = created.json.problems.map((p: { code: string }) => p.code);
        const books = created.json.actions.some((a: { type: string }) => a.type === 'booking');
        expect(codes).toEqual(books ? ['bot_branches_required'] : []);
      }
    }
    expect((await api.call('GET', '/api/bot', { token: user.token })).json).toHaveLength(30);
  });
});
