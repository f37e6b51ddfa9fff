import { issueVisitor } from '../../functions/services/widget/visitor-token';
import type { WidgetVisitor } from '../../functions/shared/onchat';
import { runChannelContract } from './support/channel-contract';
import { apiClient, signedInUser } from './support/client';
import { createWorkingBot, engineTestApp } from './support/engine';

const engine = engineTestApp();
const SHOP = 'https://shop.example.com';

/** A call from the shop's page, as the widget script makes it. */
async function widget(method: string, path: string, body?: unknown) {
  const response = await engine.t.app.request(`/api/widget/${path}`, {
    method,
    headers: { origin: SHOP, 'x-test-ip': '10.9.0.1', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

const write = (widgetId: string, visitor: WidgetVisitor, text: string, messageId: string) =>
  widget('POST', `${widgetId}/messages`, {
    visitor_id: visitor.id,
    visitor_token: visitor.token,
    message_id: messageId,
    text,
  });

/** The conversations the contract opens. */
const CONVERSATIONS = ['off', 'again', 'burst', 'operator', 'failing', 'kept', 'after-reset', 'after-delete'];

const newMessageId = () => crypto.randomUUID().replaceAll('-', '');

runChannelContract(
  {
    type: 'onchat',
    accepted: 202,
    forgedStatus: 401,
    async connect(bot) {
      const owner = await signedInUser(engine.t);
      const call = apiClient(engine.t);
      const created = await call('POST', '/api/integrations', {
        token: owner.token,
        body: { type: 'onchat', connection_data: { allowed_domains: ['shop.example.com'] } },
      });
      const integrationId = created.json.id as string;
      await call('POST', `/api/integrations/connect/${integrationId}`, { token: owner.token });
      await createWorkingBot(call, owner.token, { conditions: { channels: [integrationId] }, ...bot });
      // Every conversation of the contract gets its visitor up front (issuing one is async).
      const visitors = new Map<string, WidgetVisitor>();
      for (const chat of CONVERSATIONS) {
        visitors.set(chat, await issueVisitor(engine.t.settings.jwtSecret, integrationId));
      }
      const visitorOf = (chat: string) => {
        const visitor = visitors.get(chat);
        if (!visitor) throw new Error(`no visitor for ${chat}`);
        return visitor;
      };
      return {
        owner,
        integrationId,
        externalId: (chat) => visitorOf(chat).id,
        customerWrites(chat, text) {
          const messageId = newMessageId();
          return { send: async () => (await write(integrationId, visitorOf(chat), text, messageId)).status };
        },
        async received(chat) {
          const visitor = visitorOf(chat);
          const read = await widget(
            'GET',
            `${integrationId}/messages?visitor_id=${visitor.id}&visitor_token=${visitor.token}`,
          );
          const items = (read.json?.messages ?? []) as { author: string; text: string }[];
          return items.filter((item) => item.author !== 'customer').map((item) => item.text);
        },
      };
    },
    async deliverTo(integrationId, text) {
      const visitor = await issueVisitor(engine.t.settings.jwtSecret, integrationId);
      return (await write(integrationId, visitor, text, newMessageId())).status;
    },
    async forged(channel, text) {
      const visitor = await issueVisitor('another-secret-of-at-least-32-characters!!', channel.integrationId);
      return (await write(channel.integrationId, visitor, text, newMessageId())).status;
    },
  },
  () => ({ t: engine.t, llm: engine.fake }),
);
