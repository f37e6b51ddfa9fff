import { describe, expect, it } from 'vitest';
import { createWorkingBot, engineTestApp, historyOf, ownerWithBot, say } from './support/engine';
import { notifyBotTestbed } from './support/telegram';

const engine = engineTestApp();
const RECIPIENT = 700_100_200;

const notify = notifyBotTestbed(() => engine.t, RECIPIENT);

describe('info transfer: the profile’s Telegram recipients', () => {
  it('tells each recipient once when the bot stops, and records one it cannot reach', async () => {
    const { t, call } = engine;
    const owner = await ownerWithBot(t, {});
    await call('POST', '/api/profile/tg', {
      token: owner.token,
      body: { contacts: [String(RECIPIENT), '@nobody_here'] },
    });
    const botId = await createWorkingBot(call, owner.token, {
      name: 'Администратор салона',
      process_scheme: 'instant',
      conditions: { channels: ['check'] },
      info_transfer: { notify_recipients: true, send_summary: true },
      stop_logic: { automatic_stop: true, interruption_cases: ['клиент просит человека'] },
    });
    engine.fake.queue({
      kind: 'tool_calls',
      calls: [
        {
          name: 'stop_dialog',
          arguments: { reason: 'просит человека', summary: 'Хочет записаться на завтра.' },
        },
      ],
    });
    await say(call, owner.token, botId, 'Позовите администратора');
    await t.jobs.runDue();

    const sent = notify.telegram.sentTexts(notify.token, RECIPIENT);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('Бот «Администратор салона» остановился');
    expect(sent[0]).toContain('Причина: просит человека');
    expect(sent[0]).toContain('Итог: Хочет записаться на завтра.');
    expect(sent[0]).toMatch(/\/chats\?chat=[0-9a-f-]{36}$/);
    const [row] = await historyOf(t, owner.accountId);
    expect(row?.actions).toEqual([
      { name: 'automatic_stop', type: 'stop_bot', ok: true, detail: 'for_time' },
      { name: 'notify', type: 'notify', ok: true, detail: String(RECIPIENT) },
      expect.objectContaining({ name: 'notify', ok: false, detail: expect.stringContaining('@nobody_here') }),
    ]);
  });

  it('records that nothing was sent while the notification bot is not configured', async () => {
    const { t, call } = engine;
    const saved = t.settings.notifyBotToken;
    t.settings.notifyBotToken = undefined;
    try {
      const owner = await ownerWithBot(t, {});
      await call('POST', '/api/profile/tg', { token: owner.token, body: { contacts: [String(RECIPIENT)] } });
      const botId = await createWorkingBot(call, owner.token, {
        process_scheme: 'instant',
        conditions: { channels: ['check'] },
        info_transfer: { notify_recipients: true },
        stop_logic: { automatic_stop: true, interruption_cases: ['клиент просит человека'] },
      });
      const before = notify.telegram.accepted('sendMessage', notify.token).length;
      engine.fake.queue({
        kind: 'tool_calls',
        calls: [{ name: 'stop_dialog', arguments: { reason: 'человек' } }],
      });
      await say(call, owner.token, botId, 'Позовите администратора');
      await t.jobs.runDue();
      expect(notify.telegram.accepted('sendMessage', notify.token)).toHaveLength(before);
      const [row] = await historyOf(t, owner.accountId);
      expect(row?.actions).toContainEqual({
        name: 'notify',
        type: 'notify',
        ok: false,
        detail: 'TELEGRAM_NOTIFY_BOT_TOKEN is not set',
      });
    } finally {
      t.settings.notifyBotToken = saved;
    }
  });
});
