import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../functions/ports/clock-manual';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { createTestApp } from '../support/test-app';
import { apiClient } from './support/client';
import { dialogue, fakeLlm, historyOf, LLM_KEY, ownerWithBot, say, userTexts } from './support/engine';

let folder = '';
let fake: FakeOpenAi;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'engine-restart-'));
  fake = await startFakeOpenAi({ apiKey: LLM_KEY });
});
afterAll(async () => {
  await fake.close();
  await rm(folder, { recursive: true, force: true });
});

describe('engine: a restart in the middle of the accumulation wait', () => {
  it('answers the waiting messages exactly once after the restart', async () => {
    const dataDir = join(folder, 'pg');
    const clock = new ManualClock(new Date());

    const before = await createTestApp({ llm: fakeLlm(fake), dataDir, clock });
    const owner = await ownerWithBot(before, { accumulation_messages_seconds: 60 });
    const call = apiClient(before);
    await say(call, owner.token, owner.botId, 'Здравствуйте');
    clock.advance(30_000);
    await say(call, owner.token, owner.botId, 'Есть запись на завтра?');
    clock.advance(20_000);
    await before.jobs.runDue();
    await before.close();

    // A new process: the same data folder, a new job runner, the same session token.
    const after = await createTestApp({ llm: fakeLlm(fake), dataDir, clock });
    try {
      fake.queue({ kind: 'text', text: 'Да, есть окно в 11:00.' });
      const again = apiClient(after);
      expect((await dialogue(again, owner.token, owner.botId)).answer_due_at).toBe(
        new Date(clock.now().getTime() + 40_000).toISOString(),
      );
      // The first message's job comes due now and stands down: the second message restarted the wait.
      clock.advance(39_000);
      await after.jobs.runDue();
      expect(fake.requests).toHaveLength(0);
      clock.advance(1_000);
      await Promise.all([after.jobs.runDue(), after.jobs.runDue()]);
      await after.jobs.runDue();
      clock.advance(600_000);
      await after.jobs.runDue();

      expect(fake.requests).toHaveLength(1);
      expect(userTexts(fake.bodies[0])).toEqual(['Здравствуйте', 'Есть запись на завтра?']);
      const shown = await dialogue(again, owner.token, owner.botId);
      expect(shown.messages.filter((m: { author: string }) => m.author === 'bot')).toEqual([
        expect.objectContaining({ text: 'Да, есть окно в 11:00.' }),
      ]);
      expect(await historyOf(after, owner.accountId)).toHaveLength(1);
    } finally {
      await after.close();
    }
  });
});
