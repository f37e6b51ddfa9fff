import { describe, expect, it } from 'vitest';
import type { FakeTelegramCall } from '../fakes/telegram';
import { createWorkingBot } from './support/engine';
import { createStorage, uploadFile } from './support/storages';
import { telegramEngineApp } from './support/telegram';

const PNG = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3, 4]);

const app = telegramEngineApp();

/** The file a Bot API call uploaded as `field` (grammY sends `attach://<part>` references). */
const uploaded = (call: FakeTelegramCall | undefined, field: string) =>
  call?.files[String(call.params[field]).replace('attach://', '')];

/** A media storage with a picture and a PDF, and a media action that sends both. */
async function mediaFor(token: string) {
  const { t, call } = app;
  const storage = await createStorage(call, token, 'media', 'Фото работ');
  const photo = await uploadFile(t, token, storage, 'Стрижки.png', PNG, 'Примеры стрижек');
  const menu = await uploadFile(t, token, storage, 'Прайс.pdf', '%PDF-1.4 прайс');
  expect([photo.status, menu.status]).toEqual([201, 201]);
  const action = {
    name: 'Примеры работ',
    description: 'Отправляет фото работ и прайс',
    goal_prompt: 'Когда клиент просит показать работы или прайс',
    type: 'send_media',
    settings: { files: [photo.json.id, menu.json.id] },
  };
  return { storage, photo: photo.json, menu: menu.json, action };
}

describe('the media action', () => {
  it('sends the chosen files through Telegram as a photo and a document, after the text', async () => {
    const { t, call, llm, telegram, bed } = app;
    const base = await bed.connectedOwner();
    const media = await mediaFor(base.owner.token);
    await createWorkingBot(call, base.owner.token, {
      conditions: { channels: [base.integrationId] },
      process_scheme: 'instant',
      actions_enable: true,
      actions: [media.action],
    });
    llm.queue(
      { kind: 'tool_calls', calls: [{ name: 'send_media_1', arguments: {} }] },
      { kind: 'text', text: 'Вот наши работы и прайс.' },
    );
    await bed.customerWrites(base, 501, 'Покажите ваши работы');
    await t.jobs.runDue();

    expect(telegram.sentTexts(base.tg.token, 501)).toEqual(['Вот наши работы и прайс.']);
    const photo = telegram.accepted('sendPhoto', base.tg.token);
    const document = telegram.accepted('sendDocument', base.tg.token);
    expect(photo).toHaveLength(1);
    expect(uploaded(photo[0], 'photo')).toMatchObject({ filename: 'Стрижки.png', size: PNG.byteLength });
    expect(document).toHaveLength(1);
    expect(uploaded(document[0], 'document')?.filename).toBe('Прайс.pdf');
    // The tool told the model what went out.
    const toolMessage = ((llm.bodies[1]?.messages ?? []) as { role: string; content: string }[]).find(
      (message) => message.role === 'tool',
    );
    expect(JSON.parse(String(toolMessage?.content))).toMatchObject({
      ok: true,
      attached: ['Стрижки.png', 'Прайс.pdf'],
    });
  });

  it('shows the files in Check with public links that open only with our signature', async () => {
    const { t, call, llm, bed } = app;
    const owner = await bed.connectedOwner();
    const media = await mediaFor(owner.owner.token);
    const botId = await createWorkingBot(call, owner.owner.token, {
      process_scheme: 'instant',
      actions_enable: true,
      actions: [media.action],
    });
    llm.queue(
      { kind: 'tool_calls', calls: [{ name: 'send_media_1', arguments: {} }] },
      { kind: 'text', text: 'Держите!' },
    );
    await call('POST', '/api/check/messages', {
      token: owner.owner.token,
      body: { bot_id: botId, text: 'Фото есть?' },
    });
    await t.jobs.runDue();
    const dialogue = await call('GET', `/api/check/messages?bot_id=${botId}`, { token: owner.owner.token });
    const reply = dialogue.json.messages.at(-1);
    expect(reply.text).toBe('Держите!');
    expect(reply.attachments).toEqual([
      {
        name: 'Стрижки.png',
        kind: 'image',
        content_type: 'image/png',
        size_bytes: PNG.byteLength,
        url: expect.stringMatching(/^\/api\/media\//),
      },
      {
        name: 'Прайс.pdf',
        kind: 'file',
        content_type: 'application/pdf',
        size_bytes: new TextEncoder().encode('%PDF-1.4 прайс').byteLength,
        url: expect.any(String),
      },
    ]);
    const opened = await t.app.request(reply.attachments[0].url);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await opened.arrayBuffer())).toEqual(PNG);
    const forged = reply.attachments[0].url.replace(/\/[0-9a-f]{64}\//, `/${'0'.repeat(64)}/`);
    expect(forged).not.toBe(reply.attachments[0].url);
    expect((await t.app.request(forged)).status).toBe(404);

    // Deleting the file closes its link, and the action leaves it out from then on.
    await call('DELETE', `/api/storages/${media.storage}/files/${media.photo.id}`, {
      token: owner.owner.token,
    });
    expect((await t.app.request(reply.attachments[0].url)).status).toBe(404);
  });

  it('refuses files of another account and says when a media action has none', async () => {
    const { call, bed } = app;
    const first = await bed.connectedOwner();
    const second = await bed.connectedOwner();
    const foreign = await mediaFor(second.owner.token);
    const refused = await call('POST', '/api/bot', {
      token: first.owner.token,
      body: { name: 'Бот', actions: [foreign.action] },
    });
    expect(refused.status).toBe(422);
    expect(refused.json.fields['actions.0.settings.files']).toBe('Некорректное значение');
    const empty = await call('POST', '/api/bot', {
      token: first.owner.token,
      body: { name: 'Бот', actions: [{ ...foreign.action, settings: { files: [] } }] },
    });
    expect(empty.status).toBe(201);
    expect(empty.json.problems).toContainEqual(expect.objectContaining({ code: 'bot_media_files_required' }));
  });
});
