import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats, messages } from '../../db/schema';
import { ManualClock } from '../../functions/ports/clock-manual';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { type FakeTelegram, startFakeTelegram } from '../fakes/telegram';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiClient } from './support/client';
import { fakeLlm, historyOf, LLM_KEY, ledgerOf } from './support/engine';
import { telegramTestbed } from './support/telegram';

const UPDATES = 1000;
const CHATS = 50;
const PUBLIC_URL = 'https://bots.example.com';

let folder = '';
let llm: FakeOpenAi;
let telegram: FakeTelegram;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'engine-burst-'));
  [llm, telegram] = await Promise.all([startFakeOpenAi({ apiKey: LLM_KEY }), startFakeTelegram()]);
});
afterAll(async () => {
  await Promise.all([llm.close(), telegram.close()]);
  await rm(folder, { recursive: true, force: true });
});

const open = (dataDir: string, clock: ManualClock) =>
  createTestApp({
    llm: fakeLlm(llm),
    dataDir,
    clock,
    settings: { publicUrl: PUBLIC_URL, apiRoots: { telegram: telegram.url } },
  });

describe('engine: a burst of webhook updates with duplicates and a restart in the middle', () => {
  it('answers every customer message exactly once and bills exactly what History shows', async () => {
    const dataDir = join(folder, 'pg');
    const clock = new ManualClock(new Date());
    let t: TestApp = await open(dataDir, clock);
    const bed = telegramTestbed(t, apiClient(t), telegram);
    const c = await bed.connectedOwner({ process_scheme: 'accumulation', accumulation_messages_seconds: 30 });

    // 900 distinct messages from 50 customers; 100 of them delivered twice (Telegram's retries).
    const distinct = Array.from({ length: UPDATES - UPDATES / 10 }, (_, i) =>
      telegram.userWrites(c.tg.token, 1000 + (i % CHATS), { text: `Сообщение ${i}` }),
    );
    const deliveries = [...distinct];
    for (let i = 0; i < UPDATES / 10; i++) {
      const again = distinct[i * 9];
      if (again) deliveries.splice(i * 10 + 5, 0, again);
    }
    expect(deliveries).toHaveLength(UPDATES);

    const post = async (app: TestApp, batch: unknown[]) => {
      const answers = await Promise.all(
        batch.map((update) => bed.postUpdate(c.integrationId, update, c.secret, app.app)),
      );
      expect(answers.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([]);
    };
    for (let i = 0; i < UPDATES / 2; i += 25) await post(t, deliveries.slice(i, i + 25));
    await t.close();

    // A new process over the same data: the rest of the burst, then the answers come due.
    t = await open(dataDir, clock);
    try {
      for (let i = UPDATES / 2; i < UPDATES; i += 25) await post(t, deliveries.slice(i, i + 25));
      for (let step = 0; step < 20; step++) {
        clock.advance(30_000);
        await t.jobs.runDue();
      }

      const [chatRows, waiting] = await Promise.all([
        t.db.select().from(chats).where(eq(chats.integrationId, c.integrationId)),
        t.db
          .select({ id: messages.id })
          .from(messages)
          .innerJoin(chats, eq(chats.id, messages.chatId))
          .where(
            and(
              eq(chats.integrationId, c.integrationId),
              eq(messages.author, 'customer'),
              isNull(messages.answeredAt),
            ),
          ),
      ]);
      expect(chatRows).toHaveLength(CHATS);
      expect(waiting).toEqual([]);
      const stored = await t.db
        .select({ author: messages.author })
        .from(messages)
        .innerJoin(chats, eq(chats.id, messages.chatId))
        .where(eq(chats.integrationId, c.integrationId));
      expect(stored.filter((row) => row.author === 'customer')).toHaveLength(distinct.length);
      // Each customer got one answer (their messages came within one accumulation window).
      expect(stored.filter((row) => row.author === 'bot')).toHaveLength(CHATS);
      for (let chat = 0; chat < CHATS; chat++) {
        expect(telegram.sentTexts(c.tg.token, 1000 + chat)).toHaveLength(1);
      }
      expect(llm.requests).toHaveLength(CHATS);

      const [account] = chatRows;
      const rows = await historyOf(t, account?.accountId ?? '');
      expect(rows.filter((row) => row.event === 'answered')).toHaveLength(CHATS);
      const ledger = await ledgerOf(t, account?.accountId ?? '');
      const charged = ledger
        .filter((entry) => entry.kind === 'charge')
        .reduce((s, e) => s - e.amountMinor, 0);
      expect(charged).toBe(rows.reduce((sum, row) => sum + row.priceMinor, 0));
      expect(ledger.reduce((sum, entry) => sum + entry.amountMinor, 0)).toBeGreaterThanOrEqual(0);
    } finally {
      await t.close();
    }
  }, 600_000);
});
