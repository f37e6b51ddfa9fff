import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { respond } from '../../functions/engine/respond';
import { type ResolveHost, resolvingGuardedFetch } from '../../functions/outbound/guarded-fetch-node';
import type { AppSettings } from '../../functions/ports';
import { priceOf } from '../../functions/shared/models';
import { dialogue, engineTestApp, historyOf, ownerWithBot, say } from './support/engine';

const engine = engineTestApp();

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP server standing in for the customer's CRM. */
let server: Server;
let hookUrl = '';
const received: Received[] = [];
let nextStatus = 200;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      response.writeHead(nextStatus, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ booked: nextStatus === 200 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const actionsBot = (url = `${hookUrl}?chat={{chat_id}}`) => ({
  process_scheme: 'instant',
  actions_enable: true,
  custom_variables: [
    { name: 'phone', description: 'Телефон клиента' },
    { name: 'name', description: 'Имя клиента' },
  ],
  actions: [
    {
      name: 'Запомнить контакты',
      description: 'Сохраняет имя и телефон',
      goal_prompt: 'Когда клиент назвал имя или телефон',
      type: 'fill_variables',
      settings: { variables: ['phone', 'name'] },
    },
    {
      name: 'Отправить заявку',
      description: 'Передаёт заявку в CRM',
      goal_prompt: 'Когда известны имя и телефон',
      type: 'webhook',
      settings: {
        url,
        method: 'POST',
        headers: [{ name: 'X-Token', value: 'secret-{{phone}}' }],
        body_template: '{"phone":"{{phone}}","name":"{{name}}"}',
      },
    },
  ],
});

const usage = { prompt_tokens: 1000, completion_tokens: 100 };

describe('engine: actions as tools', () => {
  it('fills variables, calls the webhook on a local server with them, and bills every model call', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, actionsBot());
    received.length = 0;
    nextStatus = 200;
    fake.queue(
      {
        kind: 'tool_calls',
        calls: [{ name: 'fill_variables_1', arguments: { phone: '+7 999 123-45-67', name: 'Анна "Роза"' } }],
        usage,
      },
      { kind: 'tool_calls', calls: [{ name: 'webhook_2', arguments: {} }], usage },
      { kind: 'text', text: 'Готово, заявка принята!', usage },
    );
    const sent = await say(call, owner.token, owner.botId, 'Анна, +7 999 123-45-67, запишите меня');
    await t.jobs.runDue();

    expect(fake.requests).toHaveLength(3);
    const tools = fake.bodies[0]?.tools as { function: { name: string; parameters: unknown } }[];
    expect(tools.map((tool) => tool.function.name)).toEqual(['fill_variables_1', 'webhook_2']);
    expect(tools[0]?.function.parameters).toEqual({
      type: 'object',
      properties: {
        phone: { type: 'string', description: 'Телефон клиента' },
        name: { type: 'string', description: 'Имя клиента' },
      },
      additionalProperties: false,
    });

    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: `/hook?chat=${sent.chat_id}` });
    expect(received[0]?.headers['x-token']).toBe('secret-+7 999 123-45-67');
    expect(received[0]?.headers['content-type']).toBe('application/json');
    // The same key for every run of this answer: a retried run does not book twice.
    expect(received[0]?.headers['idempotency-key']).toBe(`${sent.chat_id}:${sent.message.id}`);
    expect(JSON.parse(received[0]?.body ?? '')).toEqual({ phone: '+7 999 123-45-67', name: 'Анна "Роза"' });

    const last = fake.bodies[2]?.messages as { role: string; content: string }[];
    expect(JSON.parse(last.at(-1)?.content ?? '')).toEqual({
      ok: true,
      status: 200,
      answer: '{"booked":true}',
    });

    const [row] = await historyOf(t, owner.accountId);
    expect(row).toMatchObject({
      status: 'success',
      response: 'Готово, заявка принята!',
      promptTokens: 3000,
      completionTokens: 300,
      priceMinor: priceOf('gpt-4o-mini', { promptTokens: 3000, completionTokens: 300 }, 'rub'),
      actions: [
        { name: 'Запомнить контакты', type: 'fill_variables', ok: true, detail: 'phone, name' },
        { name: 'Отправить заявку', type: 'webhook', ok: true, detail: 'HTTP 200' },
      ],
    });

    // The next answer knows the values.
    await say(call, owner.token, owner.botId, 'Спасибо!');
    await t.jobs.runDue();
    const system = ((fake.bodies[3]?.messages ?? []) as { content: string }[])[0]?.content;
    expect(system).toContain('- phone (Телефон клиента): "+7 999 123-45-67"');
    expect(system).toContain('- name (Имя клиента): "Анна \\"Роза\\""');
  });

  it('tells the model when the webhook fails, and still answers', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, actionsBot());
    received.length = 0;
    nextStatus = 500;
    fake.queue(
      { kind: 'tool_calls', calls: [{ name: 'webhook_2', arguments: {} }] },
      { kind: 'text', text: 'Не получилось отправить, администратор перезвонит.' },
    );
    await say(call, owner.token, owner.botId, 'Запишите меня');
    await t.jobs.runDue();
    expect(received).toHaveLength(1);
    const last = fake.bodies[1]?.messages as { role: string; content: string }[];
    expect(JSON.parse(last.at(-1)?.content ?? '')).toMatchObject({ ok: false, status: 500 });
    const [row] = await historyOf(t, owner.accountId);
    expect(row).toMatchObject({ status: 'success' });
    expect(row?.actions).toEqual([
      { name: 'Отправить заявку', type: 'webhook', ok: false, detail: 'HTTP 500' },
    ]);
  });

  it('refuses a webhook to a loopback address unless private webhooks are allowed', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, actionsBot());
    received.length = 0;
    nextStatus = 200;
    fake.queue(
      { kind: 'tool_calls', calls: [{ name: 'webhook_2', arguments: {} }] },
      { kind: 'text', text: 'Передам заявку администратору.' },
    );
    const sent = await say(call, owner.token, owner.botId, 'Запишите меня');
    // The job as production settings would run it.
    await respond(
      { ports: t.ports, settings: { ...t.settings, allowPrivateAddresses: false } },
      { chatId: sent.chat_id, upToMessageId: sent.message.id },
    );
    expect(received).toHaveLength(0);
    const last = fake.bodies[1]?.messages as { role: string; content: string }[];
    expect(JSON.parse(last.at(-1)?.content ?? '')).toEqual({
      ok: false,
      error: 'The webhook was not called: private address',
    });
    const [row] = await historyOf(t, owner.accountId);
    expect(row?.actions).toEqual([
      { name: 'Отправить заявку', type: 'webhook', ok: false, detail: 'private_address' },
    ]);
    // The queued job finds the message answered and does nothing.
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(2);
    expect((await dialogue(call, owner.token, owner.botId)).messages).toHaveLength(2);
  });

  /** A name resolver that records what it was asked and answers from `answers`, one per call. */
  function fakeResolver(...answers: string[][]) {
    const asked: string[] = [];
    const resolve: ResolveHost = async (name) => {
      asked.push(name);
      return answers[Math.min(asked.length, answers.length) - 1] ?? [];
    };
    return { asked, resolve };
  }

  /** One answer with the webhook action at `url`, run as the respond job with `settings`. */
  async function webhookTurn(url: string, settings: Partial<AppSettings>) {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, actionsBot(url));
    received.length = 0;
    nextStatus = 200;
    fake.queue(
      { kind: 'tool_calls', calls: [{ name: 'webhook_2', arguments: {} }] },
      { kind: 'text', text: 'Передам заявку администратору.' },
    );
    const sent = await say(call, owner.token, owner.botId, 'Запишите меня');
    await respond(
      { ports: t.ports, settings: { ...t.settings, ...settings } },
      { chatId: sent.chat_id, upToMessageId: sent.message.id },
    );
    const last = fake.bodies[1]?.messages as { role: string; content: string }[];
    const [row] = await historyOf(t, owner.accountId);
    return { toolAnswer: JSON.parse(last.at(-1)?.content ?? ''), actions: row?.actions };
  }

  it('refuses a public-looking name that resolves to a loopback or private address', async () => {
    for (const addresses of [['127.0.0.1'], ['93.184.216.34', '10.0.0.1'], ['::ffff:7f00:1']]) {
      const dns = fakeResolver(addresses);
      const turn = await webhookTurn('http://crm.example.com/hook', {
        allowPrivateAddresses: false,
        guardedFetch: resolvingGuardedFetch(dns.resolve),
      });
      expect(dns.asked).toEqual(['crm.example.com']);
      expect(received).toHaveLength(0);
      expect(turn.toolAnswer).toEqual({ ok: false, error: 'The webhook was not called: private address' });
      expect(turn.actions).toEqual([
        { name: 'Отправить заявку', type: 'webhook', ok: false, detail: 'private_address' },
      ]);
    }
  });

  it('refuses ports other than 80 and 443 before resolving anything', async () => {
    const dns = fakeResolver(['93.184.216.34']);
    const turn = await webhookTurn('http://crm.example.com:8080/hook', {
      allowPrivateAddresses: false,
      guardedFetch: resolvingGuardedFetch(dns.resolve),
    });
    expect(dns.asked).toEqual([]);
    expect(turn.toolAnswer).toEqual({ ok: false, error: 'The webhook was not called: port not allowed' });
    expect(turn.actions).toEqual([
      { name: 'Отправить заявку', type: 'webhook', ok: false, detail: 'port_not_allowed' },
    ]);
  });

  it('connects to the address it resolved once, with the name kept in Host', async () => {
    // The second answer would lead elsewhere (DNS rebinding): it must never be asked for.
    const dns = fakeResolver(['127.0.0.1'], ['10.255.255.1']);
    const port = new URL(hookUrl).port;
    const turn = await webhookTurn(`http://crm.example.test:${port}/hook?chat={{chat_id}}`, {
      allowPrivateAddresses: true,
      guardedFetch: resolvingGuardedFetch(dns.resolve),
    });
    expect(dns.asked).toEqual(['crm.example.test']);
    expect(received).toHaveLength(1);
    expect(received[0]?.headers.host).toBe(`crm.example.test:${port}`);
    expect(turn.toolAnswer).toEqual({ ok: true, status: 200, answer: '{"booked":true}' });
  });

  it('answers an unknown tool with an error and offers no tools when actions are off', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, { ...actionsBot(), actions_enable: false });
    await say(call, owner.token, owner.botId, 'Привет');
    await t.jobs.runDue();
    expect(fake.bodies[0]?.tools).toBeUndefined();

    const withTools = await ownerWithBot(t, actionsBot());
    fake.reset();
    fake.queue(
      { kind: 'tool_calls', calls: [{ name: 'book_visit', arguments: {} }] },
      { kind: 'text', text: 'Чем могу помочь?' },
    );
    await say(call, withTools.token, withTools.botId, 'Привет');
    await t.jobs.runDue();
    const last = fake.bodies[1]?.messages as { role: string; content: string }[];
    expect(JSON.parse(last.at(-1)?.content ?? '')).toEqual({ ok: false, error: 'Unknown tool book_visit' });
  });
});
