import { describe, expect, it } from 'vitest';
import { telegramInbound } from '../../functions/integrations/telegram/inbound';

const update = (message: Record<string, unknown>, update_id = 42) => ({
  update_id,
  message: { message_id: 7, date: 1, chat: { id: -100123, type: 'private' }, ...message },
});

describe('telegramInbound', () => {
  it('reads a text message with the chat id and the update id as external ids', () => {
    expect(telegramInbound(update({ text: 'Привет', from: { id: 1, is_bot: false } }))).toEqual({
      chatExternalId: '-100123',
      messageExternalId: 'update:42',
      author: 'customer',
      text: 'Привет',
      customer: { name: null, username: null },
    });
  });

  it('names the customer by first and last name and keeps the @username', () => {
    const from = { id: 1, is_bot: false, first_name: 'Мария', last_name: 'Иванова', username: 'masha_i' };
    expect(telegramInbound(update({ text: 'Привет', from }))?.customer).toEqual({
      name: 'Мария Иванова',
      username: 'masha_i',
    });
  });

  it('names media with a placeholder and its caption', () => {
    expect(telegramInbound(update({ photo: [{ file_id: 'a' }], caption: 'Так?' }))?.text).toBe(
      '[photo] Так?',
    );
    expect(telegramInbound(update({ voice: { file_id: 'a' } }))?.text).toBe('[voice message]');
    expect(telegramInbound(update({ sticker: { file_id: 'a', emoji: '👍' } }))?.text).toBe('[sticker 👍]');
    expect(telegramInbound(update({ contact: { phone_number: '+79990001122' } }))?.text).toBe(
      '[contact: +79990001122]',
    );
  });

  it('drops U+0000 from what it reads (Postgres cannot store it) and keeps the rest', () => {
    expect(telegramInbound(update({ text: 'При\u0000вет' }))?.text).toBe('Привет');
    expect(
      telegramInbound(update({ document: { file_name: 'a\u0000.pdf' }, caption: '\u0000Вот' }))?.text,
    ).toBe('[document: a.pdf] Вот');
    expect(telegramInbound(update({ text: '\u0000\u0000' }))).toBeNull();
  });

  it('ignores updates without a message, service messages and bots', () => {
    expect(telegramInbound({ update_id: 1 })).toBeNull();
    expect(telegramInbound({ update_id: 1, message: 'text' })).toBeNull();
    expect(telegramInbound(update({ new_chat_members: [{ id: 2 }] }))).toBeNull();
    expect(telegramInbound(update({ text: '   ' }))).toBeNull();
    expect(telegramInbound(update({ text: 'hi', from: { id: 3, is_bot: true } }))).toBeNull();
  });
});
