import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { chats, historyEntries, integrations, messages } from '../../db/schema';
import { withAmoApi } from '../../functions/integrations/amocrm/tokens';
import { type FakeAmo, startFakeAmo } from '../fakes/amocrm';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { amoSettings, amoTestbed } from './support/amocrm';
import { signedInUser } from './support/client';
import { createWorkingBot, dialogue, fakeLlm, LLM_KEY, say } from './support/engine';
import { listeningTestApp } from './support/listening-app';

const CONNECT_FAILED = 'Подключение не удалось, повторите попытку';

let llm: FakeOpenAi;
let amo: FakeAmo;
let kommo: FakeAmo;

const app = listeningTestApp(async (origin) => {
  [llm, amo, kommo] = await Promise.all([
    startFakeOpenAi({ apiKey: LLM_KEY }),
    startFakeAmo({ redirectUri: `${origin}/amo/install`, retryDelaysMs: [50, 50, 50, 50] }),
    startFakeAmo({
      host: 'kommo',
      subdomain: 'salon',
      clientId: 'kommo-client',
      redirectUri: `${origin}/amo/install`,
    }),
  ]);
  const settings = amoSettings(amo);
  return {
    llm: fakeLlm(llm),
    settings: {
      apiRoots: { ...settings.apiRoots, kommo: kommo.url },
      oauthClients: { ...settings.oauthClients, kommo: { id: kommo.clientId, secret: kommo.clientSecret } },
    },
  };
});
const bed = amoTestbed(app, () => amo);

afterAll(async () => {
  await Promise.all([llm?.close(), amo?.close(), kommo?.close()]);
});

/** Each test connects its own owner: the one fake account delivers only to that owner's address. */
beforeEach(async () => {
  app.t.clock.advance(180_000);
  await app.t.jobs.runDue();
  await amo.settled();
  amo.webhooks.splice(0);
  amo.setRateLimit(7);
  llm.reset();
});

/** Answers come due and go out through the Salesbot; its echoes are delivered. */
async function answersSent() {
  app.t.clock.advance(61_000);
  await app.t.jobs.runDue();
  await amo.settled();
}

const chatOfLead = async (integrationId: string, leadId: number) => {
  const [row] = await app.t.db
    .select()
    .from(chats)
    .where(
      and(eq(chats.integrationId, integrationId), sql`${chats.channelRefs}->>'lead_id' = ${String(leadId)}`),
    );
  return row;
};

const statusChanges = (leadId: number) =>
  amo.leadHistory.filter((entry) => entry.leadId === leadId && 'status_id' in entry.change);

describe('amoCRM: connecting by OAuth', () => {
  it('spends the code for tokens, reads the account, makes the reply field and subscribes the incoming-message webhook', async () => {
    const before = amo.requests.length;
    const c = await bed.connectedOwner();
    expect(amo.requests.slice(before).map((one) => [one.method, one.path, one.status])).toEqual([
      ['POST', '/oauth2/access_token', 200],
      ['GET', '/api/v4/account', 200],
      ['GET', '/api/v4/leads/custom_fields', 200],
      ...(before === 0 ? [['POST', '/api/v4/leads/custom_fields', 201]] : []),
      ['POST', '/api/v4/webhooks', 201],
    ]);
    const secret = bed.secretOf(c.integrationId);
    expect(amo.webhooks.map((hook) => [hook.destination, hook.settings])).toEqual([
      [`${app.origin}/api/webhooks/amocrm/${c.integrationId}?secret=${secret}`, ['add_message']],
    ]);
    expect(c.connectView).toMatchObject({
      connected: true,
      integration_account_id: amo.referer,
      message: 'Интеграция успешно подключена',
      connection_data: {
        referer: amo.referer,
        account_name: 'Демо-салон',
        account_subdomain: 'demo',
        reply_field_name: 'Ответ бота',
      },
    });
    const shown = JSON.stringify(c.view);
    for (const hidden of [
      'access_token',
      'refresh_token',
      'webhook_secret',
      secret,
      ...amo.tokens.issuedAccessTokens,
    ])
      expect(shown).not.toContain(hidden);
    const [row] = await app.t.db.select().from(integrations).where(eq(integrations.id, c.integrationId));
    const stored = JSON.stringify(row?.connectionData);
    for (const token of [...amo.tokens.issuedAccessTokens, ...amo.tokens.issuedRefreshTokens, secret])
      expect(stored).not.toContain(token);
    expect(row?.connectionData).not.toHaveProperty('code');

    // The integrations screen sends the owner to the consent page with a fresh random state each time.
    const list = await app.call('GET', '/api/integrations', { token: c.owner.token });
    expect(list.json[0]).toMatchObject({ consent_page: true, configured: true });
    const consent = await app.call('POST', `/api/integrations/${c.integrationId}/consent`, {
      token: c.owner.token,
    });
    const url = new URL(consent.json.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${amo.url}/oauth`);
    expect(url.searchParams.get('client_id')).toBe(amo.clientId);
    const state = url.searchParams.get('state') ?? '';
    expect(state).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(state).not.toContain(c.integrationId);
    expect(await bed.consentState(c.owner.token, c.integrationId)).not.toBe(state);
  });

  it('a second owner connecting finds the reply field made already', async () => {
    await bed.connectedOwner();
    const before = amo.requests.length;
    await bed.connectedOwner();
    expect(
      amo.requests.slice(before).some((one) => one.method === 'POST' && one.path.endsWith('custom_fields')),
    ).toBe(false);
  });

  it('fails with the §8 text for a spent code, and never sends the client secret to a domain that is not amoCRM', async () => {
    const owner = await signedInUser(app.t);
    const code = amo.issueCode();
    const first = await bed.addAmo(owner.token, code);
    expect(
      (await app.call('POST', `/api/integrations/connect/${first}`, { token: owner.token })).status,
    ).toBe(200);
    const again = await bed.addAmo(owner.token, code);
    const spent = await app.call('POST', `/api/integrations/connect/${again}`, { token: owner.token });
    expect(spent.status).toBe(422);
    expect(spent.json).toEqual({ code: 'integration_connect_failed', message: CONNECT_FAILED });

    const before = amo.requests.length;
    const foreign = await app.call('POST', '/api/webhooks/amo/install', {
      body: { code: amo.issueCode(), referer: 'attacker.example.com' },
    });
    expect(foreign.status).toBe(400);
    expect(amo.requests.length).toBe(before);
  });

  it('connects Kommo the same way on its own host, and refuses an amoCRM domain for it', async () => {
    const owner = await signedInUser(app.t);
    const add = async (referer: string) => {
      const { ticket } = await bed.installTicket({ code: kommo.issueCode(), referer });
      return app.call('POST', '/api/integrations', {
        token: owner.token,
        body: { type: 'kommo', connection_data: { install: ticket } },
      });
    };
    const id = (await add(kommo.referer)).json.id as string;
    const connected = await app.call('POST', `/api/integrations/connect/${id}`, { token: owner.token });
    expect(connected.json).toMatchObject({
      connected: true,
      connection_data: { referer: 'salon.kommo.com' },
    });
    expect(kommo.webhooks.map((hook) => hook.destination)).toEqual([
      expect.stringContaining(`/api/webhooks/kommo/${id}?secret=`),
    ]);
    const consent = await app.call('POST', `/api/integrations/${id}/consent`, { token: owner.token });
    expect(consent.json.url).toMatch(new RegExp(`^${kommo.url}/oauth\\?client_id=kommo-client&state=`));
    const wrongHost = (await add(amo.referer)).json.id as string;
    const refused = await app.call('POST', `/api/integrations/connect/${wrongHost}`, { token: owner.token });
    expect(refused.json.message).toBe(CONNECT_FAILED);
  });

  it('says "not configured" without the OAuth application', async () => {
    const owner = await signedInUser(app.t);
    const id = await bed.addAmo(owner.token);
    const clients = app.t.settings.oauthClients;
    app.t.settings.oauthClients = {};
    try {
      const view = await app.call('GET', `/api/integrations/${id}`, { token: owner.token });
      expect(view.json).toMatchObject({ consent_page: true, configured: false });
      const consent = await app.call('POST', `/api/integrations/${id}/consent`, { token: owner.token });
      expect(consent.status).toBe(409);
      const connect = await app.call('POST', `/api/integrations/connect/${id}`, { token: owner.token });
      expect(connect.json.message).toBe(CONNECT_FAILED);
    } finally {
      app.t.settings.oauthClients = clients;
    }
  });
});

describe('amoCRM: installs that cannot be forged', () => {
  const tokenRequests = () => amo.requests.filter((one) => one.path === '/oauth2/access_token').length;
  const INSTALL_INVALID =
    'Ссылка подключения не подходит: она устарела, уже использована или начата в другом аккаунте. Начните подключение заново';

  it("finishes a consent only for the account that started it, once; another account's, a spent or an unknown state makes nothing", async () => {
    const victim = await signedInUser(app.t);
    const attacker = await signedInUser(app.t);
    const attackerIntegration = (
      await app.call('POST', '/api/integrations', { token: attacker.token, body: { type: 'amocrm' } })
    ).json.id as string;
    const attackerState = await bed.consentState(attacker.token, attackerIntegration);
    const before = tokenRequests();

    // The attacker's consent (their code, their state) opened by the victim: refused, nothing made.
    const foreign = await bed.finishConsent(victim.token, attackerState);
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ code: 'not_found', message: INSTALL_INVALID });
    // A state that was never issued, and the integration's id (the state before this fix).
    for (const state of ['never-issued-state', attackerIntegration]) {
      const unknown = await bed.finishConsent(victim.token, state);
      expect(unknown.status).toBe(422);
      expect(unknown.json.message).toBe(INSTALL_INVALID);
    }
    expect((await app.call('GET', '/api/integrations', { token: victim.token })).json).toEqual([]);
    expect(tokenRequests()).toBe(before);

    // The attacker's own account finishes it once; the state is spent after.
    const finished = await bed.finishConsent(attacker.token, attackerState);
    expect(finished.status, JSON.stringify(finished.json)).toBe(200);
    expect(finished.json).toMatchObject({ id: attackerIntegration, connected: true });
    const spent = await bed.finishConsent(attacker.token, attackerState);
    expect(spent.status).toBe(422);
    expect(spent.json.message).toBe(INSTALL_INVALID);
    expect(tokenRequests()).toBe(before + 1);
  });

  it('a state expires with the consent', async () => {
    const owner = await signedInUser(app.t);
    const id = (await app.call('POST', '/api/integrations', { token: owner.token, body: { type: 'amocrm' } }))
      .json.id as string;
    const state = await bed.consentState(owner.token, id);
    app.t.clock.advance(46 * 60_000);
    const late = await bed.finishConsent(owner.token, state);
    expect(late.status).toBe(422);
  });

  it('a code without our state (the amoCRM market) is not finished: it waits sealed for the owner to confirm', async () => {
    const owner = await signedInUser(app.t);
    const before = tokenRequests();
    const code = amo.issueCode();
    const install = await bed.installTicket({ code, referer: amo.referer, platform: '1' });
    expect(install).toMatchObject({ type: 'amocrm', account: amo.referer, consent: false });
    // The code travels sealed, and a ticket without a state cannot be finished as a consent.
    expect(install.ticket).not.toContain(code);
    expect(Buffer.from(install.ticket, 'base64url').toString()).not.toContain(code);
    const finish = await app.call('POST', '/api/integrations/amo/finish', {
      token: owner.token,
      body: { ticket: install.ticket },
    });
    expect(finish.status).toBe(422);
    expect((await app.call('GET', '/api/integrations', { token: owner.token })).json).toEqual([]);
    expect(tokenRequests()).toBe(before);

    // The owner confirms on screen: the integration is made with the ticket and connected.
    const created = await app.call('POST', '/api/integrations', {
      token: owner.token,
      body: { type: 'amocrm', connection_data: { install: install.ticket } },
    });
    const connected = await app.call('POST', `/api/integrations/connect/${created.json.id}`, {
      token: owner.token,
    });
    expect(connected.json).toMatchObject({ connected: true, integration_account_id: amo.referer });
    const [row] = await app.t.db.select().from(integrations).where(eq(integrations.id, created.json.id));
    expect(row?.connectionData).not.toHaveProperty('install');
    expect(row?.connectionData).not.toHaveProperty('code');

    // An altered ticket, and one that outlived the code's 20 minutes, open to nothing.
    const stale = await bed.installTicket({ code: amo.issueCode(), referer: amo.referer });
    for (const ticket of [`${stale.ticket.slice(0, -4)}AAAA`, stale.ticket]) {
      if (ticket === stale.ticket) app.t.clock.advance(21 * 60_000);
      const made = await app.call('POST', '/api/integrations', {
        token: owner.token,
        body: { type: 'amocrm', connection_data: { install: ticket } },
      });
      const refused = await app.call('POST', `/api/integrations/connect/${made.json.id}`, {
        token: owner.token,
      });
      expect(refused.json).toEqual({ code: 'integration_connect_failed', message: CONNECT_FAILED });
    }
    expect(tokenRequests()).toBe(before + 1);
  });

  it('takes no code or account domain from the client, and no consent ticket as an install', async () => {
    const owner = await signedInUser(app.t);
    const before = tokenRequests();
    const raw = await app.call('POST', '/api/integrations', {
      token: owner.token,
      body: { type: 'amocrm', connection_data: { code: amo.issueCode(), referer: amo.referer } },
    });
    expect(raw.status).toBe(201);
    expect(raw.json.connection_data).toEqual({});
    const refused = await app.call('POST', `/api/integrations/connect/${raw.json.id}`, {
      token: owner.token,
    });
    expect(refused.status).toBe(422);

    // A consent's ticket (it carries a state) does not pass as a confirmed install.
    const other = (
      await app.call('POST', '/api/integrations', { token: owner.token, body: { type: 'amocrm' } })
    ).json.id as string;
    const state = await bed.consentState(owner.token, other);
    const { ticket, consent } = await bed.installTicket({
      code: amo.issueCode(),
      referer: amo.referer,
      state,
    });
    expect(consent).toBe(true);
    const made = await app.call('POST', '/api/integrations', {
      token: owner.token,
      body: { type: 'amocrm', connection_data: { install: ticket } },
    });
    const notInstall = await app.call('POST', `/api/integrations/connect/${made.json.id}`, {
      token: owner.token,
    });
    expect(notInstall.status).toBe(422);
    expect(tokenRequests()).toBe(before);
  });
});

describe('amoCRM: answering customers in its chats', () => {
  it('answers a customer once through the Salesbot, however often amoCRM delivers the message, and ignores its echo', async () => {
    const c = await bed.connectedOwner({ bot: {} });
    const lead = amo.addLead({ name: 'Олег' });
    llm.queue({ kind: 'text', text: 'Стрижка стоит 1500 ₽. Записать вас?' });
    const sent = await amo.sendCustomerMessage({
      leadId: lead.id,
      text: 'Сколько стоит стрижка?',
      authorName: 'Олег',
    });
    expect(sent.statuses).toEqual([200]);
    expect(await amo.redeliver(amo.deliveries.at(-1)?.id ?? '')).toBe(200);
    await answersSent();
    expect(bed.repliesTo(lead.id)).toEqual(['Стрижка стоит 1500 ₽. Записать вас?']);
    expect(llm.requests).toHaveLength(1);

    const chat = await chatOfLead(c.integrationId, lead.id);
    expect(chat).toMatchObject({ state: 'working', customerName: 'Олег', channel: 'amocrm' });
    const stored = await app.t.db
      .select({ author: messages.author, text: messages.text })
      .from(messages)
      .where(eq(messages.chatId, chat?.id ?? ''))
      .orderBy(messages.seq);
    // The Salesbot's message came back as an outgoing bot message: not the operator's.
    expect(stored).toEqual([
      { author: 'customer', text: 'Сколько стоит стрижка?' },
      { author: 'bot', text: 'Стрижка стоит 1500 ₽. Записать вас?' },
    ]);
  });

  it("stops when a manager writes from amoCRM, and leaves the customer's next message to the team", async () => {
    const c = await bed.connectedOwner({ bot: { stop_logic: { bot_stop_period: 'forever' } } });
    const lead = amo.addLead();
    llm.queue({ kind: 'text', text: 'Здравствуйте!' });
    await amo.sendCustomerMessage({ leadId: lead.id, text: 'Добрый день' });
    await answersSent();
    await amo.sendManagerMessage({ leadId: lead.id, text: 'Я подключилась, помогу вам' });
    await amo.sendCustomerMessage({ leadId: lead.id, text: 'Спасибо!' });
    await answersSent();
    expect(bed.repliesTo(lead.id)).toEqual(['Здравствуйте!']);
    const chat = await chatOfLead(c.integrationId, lead.id);
    expect(chat?.state).toBe('stopped');
  });

  it('answers only deals of the selection', async () => {
    const selected = amo.pipelines[0]?._embedded.statuses[1];
    if (!selected) throw new Error('no status');
    await bed.connectedOwner({
      bot: {},
      settings: {
        selection: [{ pipeline_id: String(selected.pipeline_id), status_id: String(selected.id) }],
      },
    });
    const inside = amo.addLead({ pipeline_id: selected.pipeline_id, status_id: selected.id });
    const outside = amo.addLead({ pipeline_id: amo.pipelines[1]?.id });
    llm.queue({ kind: 'text', text: 'Ответ по сделке из выборки' });
    await amo.sendCustomerMessage({ leadId: outside.id, text: 'Вопрос' });
    await amo.sendCustomerMessage({ leadId: inside.id, text: 'Вопрос' });
    await answersSent();
    expect(bed.repliesTo(inside.id)).toEqual(['Ответ по сделке из выборки']);
    expect(bed.repliesTo(outside.id)).toEqual([]);
  });

  it('leaves a WhatsApp chat to the Wazzup channel the same bot answers, whose replies amoCRM shows', async () => {
    const c = await bed.connectedOwner();
    const [amoRow] = await app.t.db.select().from(integrations).where(eq(integrations.id, c.integrationId));
    const [wazzup] = await app.t.db
      .insert(integrations)
      .values({
        accountId: amoRow?.accountId ?? '',
        type: 'wazzup',
        connectionData: { connected_at: new Date().toISOString() },
      })
      .returning();
    await createWorkingBot(app.call, c.owner.token, {
      conditions: { channels: [c.integrationId, wazzup?.id] },
      process_scheme: 'instant',
    });
    const viaWhatsapp = amo.addLead();
    const viaTelegram = amo.addLead();
    llm.queue({ kind: 'text', text: 'Ответ в Telegram' });
    await amo.sendCustomerMessage({ leadId: viaWhatsapp.id, text: 'Привет', origin: 'waba' });
    await amo.sendCustomerMessage({ leadId: viaTelegram.id, text: 'Привет', origin: 'telegram' });
    await answersSent();
    expect(bed.repliesTo(viaWhatsapp.id)).toEqual([]);
    expect(await chatOfLead(c.integrationId, viaWhatsapp.id)).toBeUndefined();
    expect(bed.repliesTo(viaTelegram.id)).toEqual(['Ответ в Telegram']);
  });

  it('refuses a delivery without the secret (401) and an unknown integration (404)', async () => {
    const c = await bed.connectedOwner();
    const body = new URLSearchParams({
      'message[add][0][id]': 'x',
      'message[add][0][chat_id]': 'y',
    }).toString();
    const post = (path: string) =>
      app.t.app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    expect((await post(`/api/webhooks/amocrm/${c.integrationId}?secret=wrong`)).status).toBe(401);
    expect((await post(`/api/webhooks/amocrm/${crypto.randomUUID()}?secret=x`)).status).toBe(404);
  });
});

const statusAction = (integrationId: string, pipelineId: number, statusId: number) => ({
  name: 'Записать',
  description: 'Переводит сделку в статус «Записан»',
  goal_prompt: 'Когда клиент выбрал время визита',
  type: 'change_deal_status',
  settings: { integration_id: integrationId, pipeline_id: String(pipelineId), status_id: String(statusId) },
});

describe('amoCRM: the bot acts on the deal', () => {
  it('moves the deal once, also when the message is delivered again', async () => {
    const booked = amo.pipelines[0]?._embedded.statuses.find((status) => status.name === 'Записан');
    if (!booked) throw new Error('no status Записан');
    const c = await bed.connectedOwner();
    await createWorkingBot(app.call, c.owner.token, {
      conditions: { channels: [c.integrationId] },
      process_scheme: 'instant',
      actions_enable: true,
      actions: [statusAction(c.integrationId, booked.pipeline_id, booked.id)],
    });
    const lead = amo.addLead();
    llm.queue(
      { kind: 'tool_calls', calls: [{ name: 'change_deal_status_1', arguments: {} }] },
      { kind: 'text', text: 'Записала вас на 15:00' },
    );
    await amo.sendCustomerMessage({ leadId: lead.id, text: 'Давайте на 15:00' });
    await amo.redeliver(amo.deliveries.at(-1)?.id ?? '');
    await answersSent();
    expect(amo.leads.get(lead.id)?.status_id).toBe(booked.id);
    expect(statusChanges(lead.id)).toHaveLength(1);
    expect(bed.repliesTo(lead.id)).toEqual(['Записала вас на 15:00']);
    const [history] = await app.t.db
      .select({ actions: historyEntries.actions })
      .from(historyEntries)
      .where(eq(historyEntries.chatId, (await chatOfLead(c.integrationId, lead.id))?.id ?? ''));
    expect(history?.actions).toEqual([
      {
        name: 'Записать',
        type: 'change_deal_status',
        ok: true,
        detail: `deal ${lead.id} → status ${booked.id}`,
      },
    ]);
  });

  it('writes a list field by its option, sets one task for the responsible manager, and tells the model what amoCRM refused', async () => {
    const c = await bed.connectedOwner();
    await createWorkingBot(app.call, c.owner.token, {
      conditions: { channels: [c.integrationId] },
      process_scheme: 'instant',
      custom_variables: [{ name: 'service', description: 'Услуга' }],
      actions_enable: true,
      actions: [
        {
          name: 'Услуга',
          description: 'Записывает услугу в сделку',
          goal_prompt: 'Когда клиент выбрал услугу',
          type: 'change_lead_field',
          settings: { integration_id: c.integrationId, field: '503', value: '{{service}}' },
        },
        {
          name: 'Перезвонить',
          description: 'Ставит задачу менеджеру',
          goal_prompt: 'Когда клиент просит перезвонить',
          type: 'set_task',
          settings: {
            integration_id: c.integrationId,
            task_type: '1',
            text: 'Перезвонить клиенту',
            deadline_minutes: 30,
          },
        },
      ],
    });
    const lead = amo.addLead();
    const tasksBefore = amo.tasks.length;
    llm.queue(
      { kind: 'tool_calls', calls: [{ name: 'change_lead_field_1', arguments: {} }] },
      { kind: 'tool_calls', calls: [{ name: 'set_task_2', arguments: { details: 'Хочет окрашивание' } }] },
      { kind: 'text', text: 'Менеджер перезвонит вам' },
    );
    await amo.sendCustomerMessage({ leadId: lead.id, text: 'Окрашивание, перезвоните мне' });
    await answersSent();
    // The variable was empty: the field refused, and the model read why.
    const second = (llm.bodies[1]?.messages ?? []) as { content: string }[];
    const refusal = JSON.parse(String(second.at(-1)?.content));
    expect(refusal).toEqual({ ok: false, error: '«Услуга» has no option «»; options: Стрижка, Окрашивание' });
    const tasks = amo.tasks.slice(tasksBefore);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      text: 'Перезвонить клиенту\nХочет окрашивание',
      entity_id: lead.id,
      entity_type: 'leads',
      task_type_id: 1,
      responsible_user_id: lead.responsible_user_id,
    });
  });

  it('writes the standard fields: the lead’s name, budget and responsible user, the contact’s name', async () => {
    const c = await bed.connectedOwner();
    const field = (type: string, name: string, fieldId: string, value: string) => ({
      name,
      description: name,
      goal_prompt: 'Когда клиент записался',
      type,
      settings: { integration_id: c.integrationId, field: fieldId, value },
    });
    await createWorkingBot(app.call, c.owner.token, {
      conditions: { channels: [c.integrationId] },
      process_scheme: 'instant',
      actions_enable: true,
      actions: [
        field('change_lead_field', 'Бюджет', 'price', '4 200 ₽'),
        field('change_lead_field', 'Название', 'name', 'Окрашивание: Ирина'),
        field('change_lead_field', 'Менеджер', 'responsible_user_id', 'Анна Менеджер'),
        field('change_contact_field', 'Клиент', 'name', 'Ирина Петрова'),
        field('change_lead_field', 'Бюджет с копейками', 'price', '4200.50'),
        field('change_lead_field', 'Чужой менеджер', 'responsible_user_id', 'Пётр'),
      ],
    });
    const lead = amo.addLead();
    const patchesBefore = amo.leadHistory.filter((entry) => entry.leadId === lead.id).length;
    llm.queue(
      {
        kind: 'tool_calls',
        calls: [1, 2, 3, 4, 5, 6].map((n) => ({
          name: n === 4 ? `change_contact_field_${n}` : `change_lead_field_${n}`,
          arguments: {},
        })),
      },
      { kind: 'text', text: 'Записала вас' },
    );
    await amo.sendCustomerMessage({ leadId: lead.id, text: 'Запишите на окрашивание' });
    await answersSent();
    expect(amo.leads.get(lead.id)).toMatchObject({
      price: 4200,
      name: 'Окрашивание: Ирина',
      responsible_user_id: 11001,
    });
    const contactId = amo.leads.get(lead.id)?._embedded.contacts[0]?.id ?? 0;
    expect(amo.contacts.get(contactId)?.name).toBe('Ирина Петрова');
    // The refused two asked amoCRM nothing: three PATCHes of the lead, and the model read why.
    const changes = amo.leadHistory
      .filter((entry) => entry.leadId === lead.id)
      .slice(patchesBefore)
      .map((entry) => entry.change)
      .filter((change) => !('custom_fields_values' in change));
    expect(changes).toEqual([
      { price: 4200 },
      { name: 'Окрашивание: Ирина' },
      { responsible_user_id: 11001 },
    ]);
    const tools = ((llm.bodies[1]?.messages ?? []) as { role: string; content: string }[])
      .filter((message) => message.role === 'tool')
      .map((message) => JSON.parse(message.content));
    expect(tools.slice(4)).toEqual([
      { ok: false, error: '«Budget» takes a whole number of money, not «4200.50»' },
      { ok: false, error: 'no user «Пётр»; users: Анна Менеджер, Олег Администратор' },
    ]);

    // amoCRM itself refuses a budget that is not a whole number, and a user it does not have.
    const [row] = await app.t.db.select().from(integrations).where(eq(integrations.id, c.integrationId));
    if (!row) throw new Error('no integration');
    for (const body of [{ price: '4200' }, { price: 4200.5 }, { responsible_user_id: 999 }]) {
      const refused = await withAmoApi({ ports: app.t.ports, settings: app.t.settings }, row, (api) =>
        api.patch(`/api/v4/leads/${lead.id}`, body).then(
          () => 200,
          (error: { status?: number }) => error.status,
        ),
      );
      expect(refused, JSON.stringify(body)).toBe(400);
    }
  });

  it('lists the standard fields before the custom ones, the responsible user chosen from the staff', async () => {
    const c = await bed.connectedOwner();
    const fieldsOf = async (entity: string) =>
      (
        await app.call('GET', `/api/integrations/${c.integrationId}/crm/fields?entity=${entity}`, {
          token: c.owner.token,
        })
      ).json.fields as { id: string; name: string; type: string; options: unknown }[];
    const lead = await fieldsOf('lead');
    expect(lead.slice(0, 3)).toEqual([
      { id: 'name', name: 'Название сделки', type: 'text', options: null },
      { id: 'price', name: 'Бюджет', type: 'price', options: null },
      {
        id: 'responsible_user_id',
        name: 'Ответственный',
        type: 'user',
        options: [
          { id: '11001', value: 'Анна Менеджер' },
          { id: '11002', value: 'Олег Администратор' },
        ],
      },
    ]);
    expect(lead).toContainEqual(expect.objectContaining({ id: '503', name: 'Услуга' }));
    expect((await fieldsOf('contact'))[0]).toEqual({
      id: 'name',
      name: 'Имя контакта',
      type: 'text',
      options: null,
    });
    expect((await fieldsOf('company'))[0]).toMatchObject({ id: 'name', name: 'Название компании' });
    amo.usersForbidden = true;
    try {
      // Without an administrator's grant the fields still list; the responsible user is then named.
      expect((await fieldsOf('lead'))[2]).toMatchObject({ id: 'responsible_user_id', options: null });
    } finally {
      amo.usersForbidden = false;
    }
  });

  it('gives a Check dialogue a deal of its own and moves it', async () => {
    const booked = amo.pipelines[0]?._embedded.statuses.find((status) => status.name === 'Записан');
    if (!booked) throw new Error('no status Записан');
    const c = await bed.connectedOwner();
    const botId = await createWorkingBot(app.call, c.owner.token, {
      conditions: { channels: ['check'] },
      process_scheme: 'instant',
      actions_enable: true,
      actions: [statusAction(c.integrationId, booked.pipeline_id, booked.id)],
    });
    const leadsBefore = new Set(amo.leads.keys());
    llm.queue(
      { kind: 'tool_calls', calls: [{ name: 'change_deal_status_1', arguments: {} }] },
      { kind: 'text', text: 'Записала!' },
    );
    await say(app.call, c.owner.token, botId, 'Запишите меня на 15:00');
    await app.t.jobs.runDue();
    const created = [...amo.leads.values()].filter((lead) => !leadsBefore.has(lead.id));
    expect(created.map((lead) => [lead.name, lead.status_id])).toEqual([['Проверка бота', booked.id]]);
    const answer = await dialogue(app.call, c.owner.token, botId);
    expect(JSON.stringify(answer)).toContain('Записала!');
  });

  it('hands a stopped dialogue to the team: the stop task and a note with the summary and variables', async () => {
    const c = await bed.connectedOwner({
      bot: {
        stop_task: 'Связаться с клиентом: бот остановился',
        info_transfer: { send_summary: true, send_variables: true },
        stop_logic: {
          automatic_stop: true,
          bot_stop_period: 'forever',
          interruption_cases: ['клиент просит человека'],
        },
        custom_variables: [{ name: 'phone', description: 'Телефон' }],
      },
    });
    const lead = amo.addLead();
    const [tasksBefore, notesBefore] = [amo.tasks.length, amo.notes.length];
    llm.queue({
      kind: 'tool_calls',
      calls: [
        {
          name: 'stop_dialog',
          arguments: { reason: 'просит человека', summary: 'Клиент хочет записаться на окрашивание.' },
        },
      ],
    });
    await amo.sendCustomerMessage({ leadId: lead.id, text: 'Позовите человека' });
    await answersSent();
    expect(amo.tasks.slice(tasksBefore)).toEqual([
      expect.objectContaining({
        text: 'Связаться с клиентом: бот остановился',
        entity_id: lead.id,
        task_type_id: 1,
      }),
    ]);
    const notes = amo.notes.slice(notesBefore);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.params?.text).toContain('Клиент хочет записаться на окрашивание.');
    expect(notes[0]?.params?.text).toContain('Причина: просит человека');
    expect((await chatOfLead(c.integrationId, lead.id))?.state).toBe('stopped');
  });
});

describe('amoCRM: lists for the settings, tokens and limits', () => {
  it('lists pipelines, fields, task types and staff; explains missing rights; another account gets 404', async () => {
    const c = await bed.connectedOwner();
    const get = (path: string, token = c.owner.token) => app.call('GET', path, { token });
    const pipelines = await get(`/api/integrations/${c.integrationId}/crm/pipelines`);
    expect(pipelines.json.pipelines[0]).toMatchObject({
      id: '3177727',
      name: 'Воронка',
      _embedded: {
        statuses: expect.arrayContaining([{ id: '32392162', name: 'Записан', color: '#fffeb2' }]),
      },
    });
    const fields = await get(`/api/integrations/${c.integrationId}/crm/fields?entity=lead`);
    expect(fields.json.fields).toContainEqual({
      id: '503',
      name: 'Услуга',
      type: 'select',
      options: [
        { id: '6001', value: 'Стрижка' },
        { id: '6002', value: 'Окрашивание' },
      ],
    });
    expect((await get(`/api/integrations/${c.integrationId}/crm/fields?entity=deal`)).status).toBe(422);
    const types = await get(`/api/integrations/${c.integrationId}/crm/task-types`);
    expect(types.json.task_types.map((type: { id: string }) => type.id)).toEqual(['1', '2', '3']);
    const staff = await get(`/api/private/integrations/amocrm/staff?integration_id=${c.integrationId}`);
    expect(staff.json.staff.map((user: { name: string }) => user.name)).toEqual([
      'Анна Менеджер',
      'Олег Администратор',
    ]);
    amo.usersForbidden = true;
    try {
      const forbidden = await get(`/api/private/integrations/amocrm/staff?integration_id=${c.integrationId}`);
      expect(forbidden.status).toBe(403);
      expect(forbidden.json.message).toBe(
        'У подключившего пользователя нет прав администратора amoCRM: список сотрудников недоступен',
      );
    } finally {
      amo.usersForbidden = false;
    }
    const other = await signedInUser(app.t);
    expect((await get(`/api/integrations/${c.integrationId}/crm/pipelines`, other.token)).status).toBe(404);
    expect(
      (await get(`/api/private/integrations/amocrm/staff?integration_id=${c.integrationId}`, other.token))
        .status,
    ).toBe(404);
    const unconnected = await bed.addAmo(c.owner.token);
    expect((await get(`/api/integrations/${unconnected}/crm/pipelines`)).status).toBe(409);
  });

  it('refreshes an ending token once under two concurrent requests and keeps the connection', async () => {
    const c = await bed.connectedOwner();
    await app.t.db
      .update(integrations)
      .set({
        connectionData: sql`${integrations.connectionData} || '{"token_expires_at":"2000-01-01T00:00:00.000Z"}'::jsonb`,
      })
      .where(eq(integrations.id, c.integrationId));
    const refreshes = amo.tokens.refreshCount;
    // Two requests that both read the row before either refreshed.
    const [stale] = await app.t.db.select().from(integrations).where(eq(integrations.id, c.integrationId));
    if (!stale) throw new Error('no integration');
    const ctx = { ports: app.t.ports, settings: app.t.settings };
    const read = () => withAmoApi(ctx, stale, (api) => api.get('/api/v4/leads/pipelines'));
    const both = await Promise.allSettled([read(), read()]);
    expect(both.map((one) => one.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(amo.tokens.refreshCount).toBe(refreshes + 1);
    const path = `/api/integrations/${c.integrationId}/crm/pipelines`;
    expect((await app.call('GET', path, { token: c.owner.token })).status).toBe(200);
    // A token amoCRM stopped taking (401) is refreshed and the call made again.
    amo.expireAccessTokens();
    expect((await app.call('GET', path, { token: c.owner.token })).status).toBe(200);
    expect(amo.tokens.refreshCount).toBe(refreshes + 2);
  });

  it('keeps under 7 requests a second, and waits out a 429 another integration caused', async () => {
    const c = await bed.connectedOwner();
    const path = `/api/integrations/${c.integrationId}/crm/task-types`;
    const before = amo.requests.length;
    const burst = await Promise.all(
      Array.from({ length: 15 }, () => app.call('GET', path, { token: c.owner.token })),
    );
    expect(burst.every((one) => one.status === 200)).toBe(true);
    expect(amo.requests.slice(before).filter((one) => one.status === 429)).toEqual([]);

    // Someone else spends the account's second; our call is refused once, waits, and goes through.
    const other = amo.issueTokens().access_token;
    await new Promise((done) => setTimeout(done, 1100));
    await Promise.all(
      Array.from({ length: 7 }, () =>
        fetch(`${amo.url}/api/v4/account`, { headers: { authorization: `Bearer ${other}` } }),
      ),
    );
    const mark = amo.requests.length;
    expect((await app.call('GET', path, { token: c.owner.token })).status).toBe(200);
    expect(amo.requests.slice(mark).map((one) => one.status)).toEqual([429, 200]);
  });
});

describe('amoCRM: the owner turns the integration off there', () => {
  it('lets go of the connection on the signed disconnect hook, and refuses a forged one', async () => {
    const c = await bed.connectedOwner();
    const hook = `${app.origin}/api/webhooks/amo/disconnect`;
    const forged = new URL(amo.disconnectHookUrl(hook));
    forged.searchParams.set('signature', 'f'.repeat(64));
    expect((await fetch(forged)).status).toBe(401);
    expect(await amo.disconnect(hook)).toBe(200);
    const view = await app.call('GET', `/api/integrations/${c.integrationId}`, { token: c.owner.token });
    expect(view.json).toMatchObject({ connected: false, integration_account_id: null });
    // The owner's settings stay; the account comes again with the next consent.
    expect(view.json.connection_data).toEqual({ salesbot_id: '4242' });
  });
});
