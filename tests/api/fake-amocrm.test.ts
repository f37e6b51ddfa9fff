import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAmo, phpForm, REPLY_FIELD_CODE, sendDisconnectHook, startFakeAmo } from '../fakes/amocrm';
import { type FakeServer, serveFake } from '../fakes/serve';

/** The fake amoCRM refuses what amoCRM refuses (reference/crm.md §1.16). */

const REDIRECT = 'https://onchat.test/amo/install';
const OAUTH_PROBLEM = {
  title: 'Некорректный запрос',
  type: 'https://developers.amocrm.ru/v3/errors/OAuthProblemJson',
  detail: 'В запросе отсутствует ряд параметров или параметры невалидны',
};

/** A webhook receiver: records each POST, answers the next queued status (then 200). */
const receiver = {
  server: null as FakeServer | null,
  got: [] as { type: string | undefined; body: string }[],
  answers: [] as number[],
};
let amo: FakeAmo;
let token: string;

beforeAll(async () => {
  receiver.server = await serveFake((request, body, response) => {
    receiver.got.push({ type: request.headers['content-type'], body });
    response.writeHead(receiver.answers.shift() ?? 200).end();
  });
  amo = await startFakeAmo({ redirectUri: REDIRECT, rateLimit: 1000, retryDelaysMs: [50, 50, 50, 50] });
  token = amo.issueTokens().access_token;
});
afterAll(async () => {
  await amo.close();
  await receiver.server?.close();
});

async function call(
  method: string,
  path: string,
  options: { body?: unknown; auth?: string | null; fake?: FakeAmo } = {},
) {
  const auth = options.auth === undefined ? token : options.auth;
  const response = await fetch(`${(options.fake ?? amo).url}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      'content-type': 'application/json',
      ...(auth === null ? {} : { authorization: `Bearer ${auth}` }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    location: response.headers.get('location'),
    text,
    json: text && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : null,
  };
}

const exchange = (body: Record<string, unknown>) =>
  call('POST', '/oauth2/access_token', {
    auth: null,
    body: { client_id: amo.clientId, client_secret: amo.clientSecret, redirect_uri: REDIRECT, ...body },
  });

const validation = (path: string) => ({
  'validation-errors': [{ request_id: '0', errors: [expect.objectContaining({ path })] }],
  title: 'Bad Request',
  type: 'https://httpstatus.es/400',
  status: 400,
  detail: 'Request validation failed',
});

describe('the fake amoCRM', () => {
  it('shows the consent page whose "Разрешить" carries code, referer, state and platform', async () => {
    const page = await call('GET', `/oauth?client_id=${amo.clientId}&state=s1&mode=post_message`, {
      auth: null,
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Предоставить доступ</title>');
    const allow = new URL((/id="allow" href="([^"]+)"/.exec(page.text)?.[1] ?? '').replace(/&amp;/g, '&'));
    expect(`${allow.origin}${allow.pathname}`).toBe(REDIRECT);
    expect(Object.fromEntries(allow.searchParams)).toEqual({
      code: expect.stringMatching(/^def50200/),
      referer: 'demo.amocrm.ru',
      state: 's1',
      platform: '1',
    });
    expect(page.text).toMatch(/id="deny" href="[^"]+error=access_denied&amp;state=s1"/);
    expect((await call('GET', '/oauth?client_id=someone-else', { auth: null })).status).toBe(400);

    const auto = await call('GET', `/oauth?client_id=${amo.clientId}&auto=1`, { auth: null });
    expect(auto.status).toBe(302);
    const granted = await exchange({
      grant_type: 'authorization_code',
      code: new URL(auto.location ?? '').searchParams.get('code'),
    });
    expect(granted.status).toBe(200);
    expect(granted.json).toMatchObject({ token_type: 'Bearer', expires_in: 86400 });
    const claims = JSON.parse(Buffer.from(granted.json.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ api_domain: 'api-b.amocrm.ru', account_id: amo.accountId });
  });

  it('refuses a code with another redirect_uri, a code used twice and a code older than 20 minutes', async () => {
    const code = amo.issueCode();
    const wrong = await exchange({ grant_type: 'authorization_code', code, redirect_uri: `${REDIRECT}/` });
    expect(wrong.status).toBe(400);
    expect(wrong.type).toBe('application/problem+json');
    expect(wrong.json).toEqual({ hint: 'Invalid redirect URI', ...OAUTH_PROBLEM, status: 400 });

    expect((await exchange({ grant_type: 'authorization_code', code })).status).toBe(200);
    const again = await exchange({ grant_type: 'authorization_code', code });
    expect(again.status).toBe(400);
    expect(again.json.hint).toBe('Authorization code has been revoked');

    const stale = amo.issueCode();
    amo.advance(20 * 60_000);
    const late = await exchange({ grant_type: 'authorization_code', code: stale });
    amo.advance(-20 * 60_000);
    expect(late.json).toMatchObject({ status: 400, hint: 'Authorization code has expired' });
    expect(
      (await exchange({ grant_type: 'authorization_code', code: amo.issueCode(), client_secret: 'x' }))
        .status,
    ).toBe(400);
  });

  it('takes a refresh token once: the reuse is 401 "Token has been revoked"; the old access token lives on', async () => {
    const pair = amo.issueTokens();
    const before = amo.tokens.refreshCount;
    const fresh = await exchange({ grant_type: 'refresh_token', refresh_token: pair.refresh_token });
    expect(fresh.status).toBe(200);
    expect(fresh.json.refresh_token).not.toBe(pair.refresh_token);
    expect(amo.tokens.refreshCount).toBe(before + 1);
    expect(amo.tokens.issuedRefreshTokens).toContain(fresh.json.refresh_token);

    const reused = await exchange({ grant_type: 'refresh_token', refresh_token: pair.refresh_token });
    expect(reused.status).toBe(401);
    expect(reused.json).toEqual({ hint: 'Token has been revoked', ...OAUTH_PROBLEM, status: 401 });
    expect((await call('GET', '/api/v4/account', { auth: pair.access_token })).status).toBe(200);
  });

  it('answers 401 problem+json without a token, with a bad one, an expired one or after revocation', async () => {
    const unauthorized = {
      title: 'Unauthorized',
      type: 'https://httpstatus.es/401',
      status: 401,
      detail: 'Неверный логин или пароль',
    };
    for (const auth of [null, 'not-a-token']) {
      const refused = await call('GET', '/api/v4/leads/pipelines', { auth });
      expect(refused.status).toBe(401);
      expect(refused.type).toBe('application/problem+json');
      expect(refused.json).toEqual(unauthorized);
    }
    const fake = await startFakeAmo({ accessTokenTtlSeconds: 60 });
    try {
      const pair = fake.issueTokens();
      expect((await call('GET', '/api/v4/account', { fake, auth: pair.access_token })).status).toBe(200);
      fake.advance(61_000);
      expect((await call('GET', '/api/v4/account', { fake, auth: pair.access_token })).status).toBe(401);
      const next = fake.issueTokens();
      fake.expireAccessTokens();
      expect((await call('GET', '/api/v4/account', { fake, auth: next.access_token })).status).toBe(401);
      const last = fake.issueTokens();
      fake.revokeAll();
      expect((await call('GET', '/api/v4/account', { fake, auth: last.access_token })).status).toBe(401);
      const refresh = await call('POST', '/oauth2/access_token', {
        fake,
        auth: null,
        body: {
          client_id: fake.clientId,
          client_secret: fake.clientSecret,
          grant_type: 'refresh_token',
          refresh_token: last.refresh_token,
        },
      });
      expect(refresh.json).toMatchObject({ status: 401, hint: 'Token has been revoked' });
    } finally {
      await fake.close();
    }
  });

  it('answers 429 to the 8th request within a second, and blocks the account after three 429s', async () => {
    const fake = await startFakeAmo({ blockMs: 60_000 });
    try {
      const auth = fake.issueTokens().access_token;
      const burst = await Promise.all(
        Array.from({ length: 8 }, () => call('GET', '/api/v4/leads/pipelines', { fake, auth })),
      );
      expect(burst.filter((one) => one.status === 200)).toHaveLength(7);
      const limited = burst.filter((one) => one.status === 429);
      expect(limited).toHaveLength(1);
      expect(limited[0]?.type).toBe('application/problem+json');
      await call('GET', '/api/v4/account', { fake, auth });
      await call('GET', '/api/v4/account', { fake, auth });
      const blocked = await call('GET', '/api/v4/account', { fake, auth });
      expect(blocked.status).toBe(403);
      expect(blocked.json.detail).toBe(
        'Аккаунт заблокирован, за неоднократное превышение количества запросов в секунду',
      );
      fake.advance(61_000);
      expect((await call('GET', '/api/v4/account', { fake, auth })).status).toBe(200);
    } finally {
      await fake.close();
    }
  });

  it('lists pipelines and the account as hal+json', async () => {
    const pipelines = await call('GET', '/api/v4/leads/pipelines');
    expect(pipelines.type).toBe('application/hal+json');
    const [main, second] = pipelines.json._embedded.pipelines;
    expect(main).toMatchObject({ id: 3177727, name: 'Воронка', is_main: true });
    expect(main._embedded.statuses.map((one: { id: number }) => one.id)).toEqual([
      32392156, 32392159, 32392162, 142, 143,
    ]);
    expect(main._embedded.statuses[0]).toMatchObject({
      name: 'Неразобранное',
      type: 1,
      color: '#c1c1c1',
      pipeline_id: 3177727,
      account_id: amo.accountId,
      is_editable: false,
      _links: { self: { href: expect.stringContaining('/statuses/32392156') } },
    });
    expect(second).toMatchObject({ id: 3177730, name: 'Повторные продажи', is_main: false });
    const account = await call('GET', '/api/v4/account?with=amojo_id,task_types');
    expect(account.json).toMatchObject({ id: amo.accountId, subdomain: 'demo', amojo_id: amo.amojoId });
    expect(account.json._embedded.task_types.map((one: { id: number }) => one.id)).toEqual([1, 2, 3]);
  });

  it('refuses a status outside the pipeline with validation-errors, and applies a valid move once', async () => {
    const lead = amo.addLead({ name: 'Стрижка' });
    const refused = await call('PATCH', `/api/v4/leads/${lead.id}`, { body: { status_id: 32392170 } });
    expect(refused.status).toBe(400);
    expect(refused.type).toBe('application/problem+json');
    expect(refused.json).toEqual({
      'validation-errors': [
        {
          request_id: '0',
          errors: [
            {
              code: 'NotSupportedChoice',
              path: 'status_id',
              detail: 'The value you selected is not a valid choice.',
            },
          ],
        },
      ],
      title: 'Bad Request',
      type: 'https://httpstatus.es/400',
      status: 400,
      detail: 'Request validation failed',
    });
    const moved = await call('PATCH', '/api/v4/leads', {
      body: [{ id: lead.id, pipeline_id: 3177730, status_id: 32392170 }],
    });
    expect(moved.status).toBe(200);
    expect(moved.json._embedded.leads).toEqual([
      { id: lead.id, updated_at: expect.any(Number), _links: expect.anything() },
    ]);
    expect(amo.leads.get(lead.id)).toMatchObject({ pipeline_id: 3177730, status_id: 32392170 });
    expect(amo.leadHistory.filter((one) => one.leadId === lead.id)).toHaveLength(1);
    expect((await call('GET', '/api/v4/leads/1')).status).toBe(204);
  });

  it('checks custom field values: unknown fields and enum values, wrong types; stores a select by value', async () => {
    const lead = amo.addLead();
    const patch = (values: unknown[]) =>
      call('PATCH', `/api/v4/leads/${lead.id}`, { body: { custom_fields_values: values } });
    const select = await patch([{ field_id: 503, values: [{ value: 'Маникюр' }] }]);
    expect(select.status).toBe(400);
    expect(select.json).toEqual(validation('custom_fields_values.0.values.0.value'));
    expect((await patch([{ field_id: 999, values: [{ value: 'x' }] }])).json).toEqual(
      validation('custom_fields_values.0.field_id'),
    );
    expect((await patch([{ field_id: 502, values: [{ value: 1500 }] }])).json).toEqual(
      validation('custom_fields_values.0.values.0.value'),
    );
    expect(amo.leadHistory.some((one) => one.leadId === lead.id)).toBe(false);

    expect((await patch([{ field_id: 503, values: [{ value: 'Окрашивание' }] }])).status).toBe(200);
    expect((await patch([{ field_id: 501, values: [{ value: 'Казань' }] }])).status).toBe(200);
    const read = await call('GET', `/api/v4/leads/${lead.id}`);
    expect(read.json.custom_fields_values).toEqual([
      expect.objectContaining({ field_id: 503, values: [{ value: 'Окрашивание', enum_id: 6002 }] }),
      expect.objectContaining({ field_id: 501, field_type: 'text', values: [{ value: 'Казань' }] }),
    ]);
  });

  it('answers 204 with no body for an empty task list, and refuses tasks amo refuses', async () => {
    const lead = amo.addLead();
    const empty = await call('GET', `/api/v4/tasks?filter[entity_type]=leads&filter[entity_id][]=${lead.id}`);
    expect(empty.status).toBe(204);
    expect(empty.text).toBe('');
    expect((await call('GET', '/api/v4/leads?query=nothing-like-this')).status).toBe(204);

    const bad = await call('POST', '/api/v4/tasks', {
      body: [
        { complete_till: 1, task_type_id: 9 },
        { text: 'Перезвонить', complete_till: 1, responsible_user_id: 1 },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.json['validation-errors']).toEqual([
      {
        request_id: '0',
        errors: [
          expect.objectContaining({ path: 'text' }),
          expect.objectContaining({ path: 'task_type_id' }),
        ],
      },
      { request_id: '1', errors: [expect.objectContaining({ path: 'responsible_user_id' })] },
    ]);
    const task = {
      text: 'Написать клиенту',
      complete_till: 1_900_000_000,
      task_type_id: 3,
      entity_type: 'leads',
    };
    const made = await call('POST', '/api/v4/tasks', {
      body: [{ ...task, entity_id: lead.id, responsible_user_id: 11001, request_id: 'r1' }],
    });
    expect(made.status).toBe(200);
    expect(made.json._embedded.tasks).toEqual([
      { id: expect.any(Number), request_id: 'r1', _links: expect.anything() },
    ]);
    const listed = await call(
      'GET',
      `/api/v4/tasks?filter[entity_type]=leads&filter[entity_id][]=${lead.id}`,
    );
    expect(listed.json._embedded.tasks).toEqual([expect.objectContaining({ text: 'Написать клиенту' })]);
  });

  it('lists users (with amojo_id) for an admin token and answers 403 otherwise', async () => {
    const users = await call('GET', '/api/v4/users?with=amojo_id&limit=250');
    expect(users.json._embedded.users.map((one: { id: number }) => one.id)).toEqual([11001, 11002, 11003]);
    expect(users.json._embedded.users[2].rights).toMatchObject({ is_active: false });
    expect(users.json._embedded.users[0].amojo_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call('GET', '/api/v4/users?limit=251')).status).toBe(400);
    amo.usersForbidden = true;
    const forbidden = await call('GET', '/api/v4/users');
    amo.usersForbidden = false;
    expect(forbidden.status).toBe(403);
    expect(forbidden.type).toBe('application/problem+json');
  });

  it('posts a customer message form-encoded to add_message subscribers, and retries after a 500', async () => {
    const destination = `${receiver.server?.url}/amo/hook`;
    const unknown = await call('POST', '/api/v4/webhooks', {
      body: { destination, settings: ['add_messages'] },
    });
    expect(unknown.json).toEqual(validation('settings.0'));
    const subscribed = await call('POST', '/api/v4/webhooks', {
      body: { destination, settings: ['add_message'] },
    });
    expect(subscribed.status).toBe(201);
    expect(subscribed.json).toMatchObject({ destination, settings: ['add_message'], disabled: false });

    const lead = amo.addLead({ contactId: amo.addContact({ name: 'Иван Петров' }).id });
    receiver.got.length = 0;
    receiver.answers.push(500);
    const sent = await amo.sendCustomerMessage({ leadId: lead.id, text: 'Можно на завтра?' });
    expect(sent.statuses).toEqual([500]);
    await amo.settled();
    expect(amo.deliveries.at(-1)?.statuses).toEqual([500, 200]);
    expect(receiver.got).toHaveLength(2);
    expect(receiver.got[1]?.body).toBe(receiver.got[0]?.body);
    expect(receiver.got[0]?.type).toBe('application/x-www-form-urlencoded');
    const form = Object.fromEntries(new URLSearchParams(receiver.got[0]?.body));
    const chat = amo.chats.get(lead.id);
    expect(form).toEqual({
      'account[subdomain]': 'demo',
      'account[id]': String(amo.accountId),
      'account[_links][self]': 'https://demo.amocrm.ru',
      'message[add][0][id]': sent.id,
      'message[add][0][chat_id]': chat?.chatId,
      'message[add][0][talk_id]': String(chat?.talkId),
      'message[add][0][contact_id]': String(lead._embedded.contacts[0]?.id),
      'message[add][0][text]': 'Можно на завтра?',
      'message[add][0][created_at]': expect.stringMatching(/^\d{10}$/),
      'message[add][0][element_type]': '2',
      'message[add][0][entity_type]': 'lead',
      'message[add][0][element_id]': String(lead.id),
      'message[add][0][entity_id]': String(lead.id),
      'message[add][0][type]': 'incoming',
      'message[add][0][author][id]': chat?.customerId,
      'message[add][0][author][type]': 'external',
      'message[add][0][author][name]': 'Иван Петров',
      'message[add][0][origin]': 'telegram',
    });
    expect(receiver.got[0]?.body).toContain('message%5Badd%5D%5B0%5D%5Btext%5D=');

    // A 4xx is retried only for attempts 2 and 3; a manager's message is outgoing, author user.
    receiver.answers.push(404, 404, 404);
    await amo.sendManagerMessage({ leadId: lead.id, text: 'Да, в 10:00' });
    await amo.settled();
    expect(amo.deliveries.at(-1)?.statuses).toEqual([404, 404, 404]);
    const manager = new URLSearchParams(amo.deliveries.at(-1)?.body);
    expect(manager.get('message[add][0][type]')).toBe('outgoing');
    expect(manager.get('message[add][0][author][type]')).toBe('user');
    expect(manager.get('message[add][0][author][name]')).toBe('Анна Менеджер');
    expect(phpForm({ a: { b: [{ c: true, d: null }] } })).toBe('a%5Bb%5D%5B0%5D%5Bc%5D=1');
  });

  it('runs a Salesbot: records the reply field, echoes it as the bot, refuses an unknown bot', async () => {
    const created = await call('POST', '/api/v4/leads/custom_fields', {
      body: [{ name: 'Ответ бота', type: 'textarea', code: REPLY_FIELD_CODE }],
    });
    expect(created.status).toBe(201);
    const fieldId = created.json._embedded.custom_fields[0].id;
    const lead = amo.addLead();
    await amo.sendCustomerMessage({ leadId: lead.id, text: 'Здравствуйте' });
    await call('PATCH', `/api/v4/leads/${lead.id}`, {
      body: {
        custom_fields_values: [{ field_id: fieldId, values: [{ value: 'Добрый день! Чем помочь?' }] }],
      },
    });
    const unknown = await call('POST', '/api/v2/salesbot/run', {
      body: [{ bot_id: 1, entity_id: lead.id, entity_type: 2 }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.type).toBe('application/problem+json');

    receiver.got.length = 0;
    const run = await call('POST', '/api/v2/salesbot/run', {
      body: [{ bot_id: '4242', entity_id: String(lead.id), entity_type: '2' }],
    });
    expect(run.status).toBe(200);
    expect(run.json).toEqual([{ entity_type: 'leads', bot_id: 4242, status: 'started' }]);
    expect(amo.salesbotRuns.at(-1)).toMatchObject({
      bot_id: 4242,
      entity_id: lead.id,
      entity_type: 2,
      replyText: 'Добрый день! Чем помочь?',
    });
    await amo.settled();
    const echo = new URLSearchParams(
      receiver.got.find((one) => one.body.includes('%5Bauthor%5D%5Btype%5D=bot'))?.body,
    );
    expect(echo.get('message[add][0][text]')).toBe('Добрый день! Чем помочь?');
    expect(echo.get('message[add][0][type]')).toBe('outgoing');
    expect(echo.get('message[add][0][author][type]')).toBe('bot');
    expect(echo.get('message[add][0][chat_id]')).toBe(amo.chats.get(lead.id)?.chatId);
  });

  it('signs the disconnect hook with the client secret', async () => {
    const seen: string[] = [];
    const product = await serveFake((request, _body, response) => {
      seen.push(request.url ?? '');
      response.writeHead(200).end();
    });
    try {
      const url = new URL(amo.disconnectHookUrl(`${product.url}/amo/disconnect?x=1`));
      const expected = createHmac('sha256', amo.clientSecret)
        .update(`${amo.clientId}|${amo.accountId}`)
        .digest('hex');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        x: '1',
        client_uuid: amo.clientId,
        client_id: amo.clientId,
        account_id: String(amo.accountId),
        signature: expected,
      });
      expect(await sendDisconnectHook(url.toString())).toBe(200);
      expect(seen).toHaveLength(1);
    } finally {
      await product.close();
    }
  });
});
