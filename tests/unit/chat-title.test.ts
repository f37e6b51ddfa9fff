import { describe, expect, it } from 'vitest';
import type { ChatCustomer } from '../../web/src/api/chats';
import { en } from '../../web/src/i18n/catalog-en';
import { ru } from '../../web/src/i18n/catalog-ru';
import { formatRecent } from '../../web/src/i18n/format';
import type { MessageId } from '../../web/src/i18n/i18n';
import { chatTitle, customerContacts, formatPhone } from '../../web/src/pages/chats/chat-title';

const inRu = (id: MessageId) => ru[id];
const inEn = (id: MessageId) => en[id];

const nobody: ChatCustomer = { name: null, phone: null, username: null };
const chat = (channel: string, customer: Partial<ChatCustomer> = {}, externalId = '12345') => ({
  channel,
  external_id: externalId,
  customer: { ...nobody, ...customer },
});

describe('chat title', () => {
  it('is the customer’s name first, then the @username, then the phone', () => {
    const full = chat('telegram', { name: 'Анна Петрова', username: 'anna_p', phone: '79991234567' });
    expect(chatTitle(full, inRu)).toBe('Анна Петрова');
    expect(chatTitle(chat('telegram', { username: 'anna_p', phone: '79991234567' }), inRu)).toBe('@anna_p');
    expect(chatTitle(chat('wazzup', { phone: '79991234567' }), inRu)).toBe('+7 999 123-45-67');
    // Blank values count as unknown; a username already written with @ keeps one.
    expect(chatTitle(chat('telegram', { name: '  ', username: '@anna_p' }), inRu)).toBe('@anna_p');
  });

  it('falls back to what the channel implies, then to the chat’s id', () => {
    expect(chatTitle(chat('onchat'), inRu)).toBe('Посетитель сайта');
    expect(chatTitle(chat('onchat'), inEn)).toBe('Website visitor');
    expect(chatTitle(chat('check'), inRu)).toBe('Проверка');
    expect(chatTitle(chat('check'), inEn)).toBe('Check');
    expect(chatTitle(chat('telegram', {}, '424242'), inRu)).toBe('424242');
    expect(chatTitle(chat('avito', {}, 'u2i-abc'), inEn)).toBe('u2i-abc');
    // A WhatsApp chat's id is the customer's number.
    expect(chatTitle(chat('wappi', {}, '79991234567'), inRu)).toBe('+7 999 123-45-67');
  });

  it('adds the phone and username the title does not already show', () => {
    const full = chat('telegram', { name: 'Анна', username: 'anna_p', phone: '+7 (999) 123-45-67' });
    expect(customerContacts(full, chatTitle(full, inRu))).toEqual(['+7 999 123-45-67', '@anna_p']);
    const named = chat('telegram', { username: 'anna_p' });
    expect(customerContacts(named, chatTitle(named, inRu))).toEqual([]);
    expect(customerContacts(chat('onchat'), 'Посетитель сайта')).toEqual([]);
  });
});

describe('phone format', () => {
  it('reads Russian numbers in groups and others as + and digits', () => {
    expect(formatPhone('79991234567')).toBe('+7 999 123-45-67');
    expect(formatPhone('89991234567')).toBe('+7 999 123-45-67');
    expect(formatPhone('+7 (999) 123-45-67')).toBe('+7 999 123-45-67');
    expect(formatPhone('380501234567')).toBe('+380501234567');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone('not a phone')).toBe('not a phone');
  });
});

describe('recent time', () => {
  const now = new Date(2026, 4, 20, 15, 30);
  it('is the time today, the day and month this year, the date before', () => {
    expect(formatRecent(new Date(2026, 4, 20, 9, 5), 'ru', now)).toBe('09:05');
    expect(formatRecent(new Date(2026, 4, 20, 0, 0), 'en', now)).toBe('00:00');
    expect(formatRecent(new Date(2026, 4, 19, 23, 59), 'ru', now)).toBe('19 мая');
    expect(formatRecent(new Date(2026, 2, 5, 12), 'ru', now)).toBe('5 мар.');
    expect(formatRecent(new Date(2026, 2, 5, 12), 'en', now)).toBe('Mar 5');
    expect(formatRecent(new Date(2025, 11, 31, 12), 'ru', now)).toBe('31.12.2025');
    expect(formatRecent(new Date(2025, 11, 31, 12), 'en', now)).toBe('12/31/2025');
    expect(formatRecent('garbage', 'en', now)).toBe('');
  });
});
