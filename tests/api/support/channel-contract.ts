import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { chats, messages } from '../../../db/schema';
import type { FakeOpenAi } from '../../fakes/openai';
import type { TestApp } from '../../support/test-app';
import { apiClient, type Call, signedInUser } from './client';

/**
 * The guarantees every channel keeps (ARCHITECTURE §7), run against one channel through its
 * driver: the driver speaks the channel's side (a customer writing, what the customer received, the
 * external system's state); the contract makes the same assertions for every channel.
 */

export type Owner = Awaited<ReturnType<typeof signedInUser>>;

/** A delivery from the channel to the product that can be sent again (a redelivery). */
export interface Delivery {
  send(): Promise<number>;
}

export interface ConnectedChannel {
  owner: Owner;
  integrationId: string;
  /** The customer of conversation `chat` writes `text`. */
  customerWrites(chat: string, text: string): Delivery;
  /** The texts the customer of `chat` has received from the product, in order. */
  received(chat: string): Promise<string[]>;
  /** The id under which the product keeps the conversation (chats.external_id). */
  externalId(chat: string): string;
  /** The credential the owner typed (under the driver's credentialField), which the API must mask and keep. */
  credential?: string;
  /** Whether the external system still delivers to the product (the webhook is registered). */
  registered?(): Promise<boolean>;
}

export interface ChannelDriver {
  type: string;
  /** The status a taken delivery is answered with. */
  accepted: number;
  /** A fresh owner with the channel connected and a working bot answering in it. */
  connect(bot: Record<string, unknown>): Promise<ConnectedChannel>;
  /** A delivery addressed to an integration id that is not one of this channel's connected ones. */
  deliverTo(integrationId: string, text: string): Promise<number>;
  /** A delivery that does not prove it comes from the channel (a wrong secret, a forged token). */
  forged(channel: ConnectedChannel, text: string): Promise<number>;
  /** The status a forged delivery gets. */
  forgedStatus: number;
  /** Makes sending to customers fail (the external system refuses) or work again. */
  failSends?(fail: boolean): void;
  /** The connection_data field of the credential the owner types, when the channel has one. */
  credentialField?: string;
}

export interface ContractBed {
  t: TestApp;
  llm: FakeOpenAi;
}

const INSTANT = { process_scheme: 'instant' };
const ACCUMULATING = { process_scheme: 'accumulation', accumulation_messages_seconds: 30 };

const completions = (llm: FakeOpenAi) =>
  llm.requests.filter((request) => request.path.endsWith('/chat/completions')).length;

export function runChannelContract(driver: ChannelDriver, bed: () => ContractBed) {
  let call: Call;
  let t: TestApp;
  let llm: FakeOpenAi;

  /** Everything earlier tests left waiting comes due first, so each test sees only its own. */
  async function settle() {
    t.clock.advance(120_000);
    await t.jobs.runDue();
    llm.reset();
    driver.failSends?.(false);
  }

  async function answerDue() {
    t.clock.advance(61_000);
    await t.jobs.runDue();
  }

  const stored = async (channel: ConnectedChannel, chat: string) =>
    t.db
      .select({ author: messages.author, text: messages.text })
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .where(
        and(eq(chats.integrationId, channel.integrationId), eq(chats.externalId, channel.externalId(chat))),
      )
      .orderBy(messages.seq);

  describe(`${driver.type}: the channel contract`, () => {
    beforeEach(async () => {
      ({ t, llm } = bed());
      call = apiClient(t);
      await settle();
    });

    it('answers 404 for an unknown integration and for another channel’s', async () => {
      expect(await driver.deliverTo(crypto.randomUUID(), 'Привет')).toBe(404);
      expect(await driver.deliverTo('not-a-uuid', 'Привет')).toBe(404);
      const owner = await signedInUser(t);
      const other = await call('POST', '/api/integrations', {
        token: owner.token,
        body: { type: driver.type === 'telegram' ? 'onchat' : 'telegram', connection_data: {} },
      });
      expect(await driver.deliverTo(other.json.id, 'Привет')).toBe(404);
    });

    it('refuses a delivery that does not prove itself, and stores nothing', async () => {
      const channel = await driver.connect(INSTANT);
      expect(await driver.forged(channel, 'Подделка')).toBe(driver.forgedStatus);
      await answerDue();
      expect(completions(llm)).toBe(0);
      const [row] = await t.db.select().from(chats).where(eq(chats.integrationId, channel.integrationId));
      expect(row).toBeUndefined();
    });

    it('shows another account nothing of the integration', async () => {
      const channel = await driver.connect(INSTANT);
      const stranger = await signedInUser(t);
      const path = `/api/integrations/${channel.integrationId}`;
      for (const [method, url, body] of [
        ['GET', path, undefined],
        ['PATCH', path, { activated: false }],
        ['POST', `/api/integrations/connect/${channel.integrationId}`, undefined],
        ['POST', `/api/integrations/reset/${channel.integrationId}`, undefined],
        ['DELETE', `${path}?confirm=true`, undefined],
      ] as const) {
        const answer = await call(method, url, { token: stranger.token, body });
        expect(answer.status, `${method} ${url}`).toBe(404);
      }
      const mine = await call('GET', path, { token: channel.owner.token });
      expect(mine.json).toMatchObject({ connected: true, activated: true });
    });

    it('acknowledges and drops what arrives while the integration is switched off', async () => {
      const channel = await driver.connect(INSTANT);
      const off = await call('PATCH', `/api/integrations/${channel.integrationId}`, {
        token: channel.owner.token,
        body: { activated: false },
      });
      expect(off.status).toBe(200);
      const status = await channel.customerWrites('off', 'Вы работаете?').send();
      expect(status).toBeLessThan(500);
      await answerDue();
      expect(await stored(channel, 'off')).toEqual([]);
      expect(completions(llm)).toBe(0);
    });

    it('answers a redelivered message once', async () => {
      const channel = await driver.connect(INSTANT);
      const delivery = channel.customerWrites('again', 'Сколько стоит стрижка?');
      expect(await delivery.send()).toBe(driver.accepted);
      expect(await delivery.send()).toBe(driver.accepted);
      await answerDue();
      expect(await delivery.send()).toBe(driver.accepted);
      await answerDue();
      expect(completions(llm)).toBe(1);
      expect(await channel.received('again')).toHaveLength(1);
      const customer = (await stored(channel, 'again')).filter((row) => row.author === 'customer');
      expect(customer).toEqual([{ author: 'customer', text: 'Сколько стоит стрижка?' }]);
    });

    it('answers a burst inside the accumulation window with one answer', async () => {
      const channel = await driver.connect(ACCUMULATING);
      for (const text of ['Здравствуйте', 'Хочу записаться', 'на завтра']) {
        expect(await channel.customerWrites('burst', text).send()).toBe(driver.accepted);
        t.clock.advance(2_000);
      }
      await answerDue();
      expect(completions(llm)).toBe(1);
      expect(await channel.received('burst')).toHaveLength(1);
    });

    it('sends the operator’s reply from Chats to the customer', async () => {
      const channel = await driver.connect(INSTANT);
      await channel.customerWrites('operator', 'Позовите человека').send();
      await answerDue();
      const [row] = await t.db
        .select()
        .from(chats)
        .where(
          and(
            eq(chats.integrationId, channel.integrationId),
            eq(chats.externalId, channel.externalId('operator')),
          ),
        );
      if (!row) throw new Error('no chat stored');
      const sent = await call('POST', `/api/chats/${row.id}/messages`, {
        token: channel.owner.token,
        body: { text: 'Здравствуйте, это администратор Анна' },
      });
      expect(sent.status).toBeLessThan(300);
      await t.jobs.runDue();
      expect(await channel.received('operator')).toContain('Здравствуйте, это администратор Анна');
    });

    it.runIf(driver.failSends)('keeps an answer the channel failed to deliver', async () => {
      const channel = await driver.connect(INSTANT);
      driver.failSends?.(true);
      await channel.customerWrites('failing', 'Вы открыты?').send();
      await answerDue();
      expect(await channel.received('failing')).toEqual([]);
      const rows = await stored(channel, 'failing');
      expect(rows.map((row) => row.author)).toEqual(['customer', 'bot']);
    });

    it.runIf(driver.credentialField)(
      'masks the credential and keeps it across a save that sends the mask back',
      async () => {
        const channel = await driver.connect(INSTANT);
        const field = driver.credentialField as string;
        const value = channel.credential as string;
        const view = await call('GET', `/api/integrations/${channel.integrationId}`, {
          token: channel.owner.token,
        });
        expect(JSON.stringify(view.json)).not.toContain(value);
        const masked = view.json.connection_data[field] as string;
        expect(masked).toMatch(/^••••/);
        const saved = await call('PATCH', `/api/integrations/${channel.integrationId}`, {
          token: channel.owner.token,
          body: { connection_data: { ...view.json.connection_data, [field]: masked } },
        });
        expect(saved.json).toMatchObject({ connected: true });
        await channel.customerWrites('kept', 'Ещё работаете?').send();
        await answerDue();
        expect(await channel.received('kept')).toHaveLength(1);
      },
    );

    it('lets go of the external system on reset and on delete', async () => {
      const channel = await driver.connect(INSTANT);
      const reset = await call('POST', `/api/integrations/reset/${channel.integrationId}`, {
        token: channel.owner.token,
      });
      expect(reset.json).toMatchObject({ connected: false });
      if (channel.registered) expect(await channel.registered()).toBe(false);
      expect(await channel.customerWrites('after-reset', 'Алло').send()).toBe(404);

      const other = await driver.connect(INSTANT);
      const deleted = await call('DELETE', `/api/integrations/${other.integrationId}?confirm=true`, {
        token: other.owner.token,
      });
      expect(deleted.status).toBe(204);
      if (other.registered) expect(await other.registered()).toBe(false);
      expect(await other.customerWrites('after-delete', 'Алло').send()).toBe(404);
    });
  });
}
