import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema';
import { DEMO_DAYS } from '../../functions/shared/constants';
import { newUser, sharedTestApp } from './support/client';

const api = sharedTestApp();

const accountCount = async () => (await api.t.db.select({ n: count() }).from(accounts))[0]?.n ?? 0;

describe('POST /api/register', () => {
  it('creates an unverified account with a normalised phone, UTM, referral and a demo period', async () => {
    const user = newUser({
      email: 'Mixed.Case@Example.com ',
      query: { ref_id: 'partner-42', metrika: { source: 'yandex', campaign: 'spring' } },
    });
    const answer = await api.call('POST', '/api/register', { body: user });
    expect(answer.status).toBe(201);
    expect(answer.json.email).toBe('mixed.case@example.com');
    expect(answer.json.message).toBe('Мы отправили код подтверждения на mixed.case@example.com');

    const [row] = await api.t.db.select().from(accounts).where(eq(accounts.email, 'mixed.case@example.com'));
    expect(row?.phone).toBe('79991234567');
    expect(row?.emailVerifiedAt).toBeNull();
    expect(row?.referralId).toBe('partner-42');
    expect(row?.signupQuery).toEqual({ source: 'yandex', campaign: 'spring', ref_id: 'partner-42' });
    expect(row?.passwordHash).not.toContain(user.password);
    const demoMs = (row?.demoTill.getTime() ?? 0) - api.t.clock.now().getTime();
    expect(demoMs).toBe(DEMO_DAYS * 86_400_000);
  });

  it('mails a six-digit verification code in the chosen language', async () => {
    const user = newUser({ language: 'en', name: 'John' });
    await api.call('POST', '/api/register', { body: user });
    const mail = api.t.mail.lastTo(user.email);
    expect(mail?.subject).toBe('Email confirmation code');
    expect(mail?.text).toMatch(/Hello, John!\n\nYour confirmation code: \d{6}/);
  });

  it('accepts the phone as plain digits and with a leading 8', async () => {
    for (const phone of ['79161112233', '+7 916 111-22-33', '89161112233']) {
      const user = newUser({ phone });
      expect((await api.call('POST', '/api/register', { body: user })).status).toBe(201);
      const [row] = await api.t.db.select().from(accounts).where(eq(accounts.email, user.email));
      expect(row?.phone).toBe('79161112233');
    }
  });

  it('refuses a used e-mail, whatever its case, and keeps the first account', async () => {
    const user = newUser();
    await api.call('POST', '/api/register', { body: user });
    const again = await api.call('POST', '/api/register', {
      body: { ...user, email: user.email.toUpperCase(), name: 'Другой' },
    });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      code: 'email_taken',
      message: 'Пользователь с таким Email уже зарегистрирован',
    });
    const [row] = await api.t.db.select().from(accounts).where(eq(accounts.email, user.email));
    expect(row?.name).toBe('Анна');
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['name missing', { name: '  ' }, 'name', 'Необходимо заполнить имя'],
    ['e-mail missing', { email: '' }, 'email', 'Необходимо заполнить Email'],
    ['phone missing', { phone: '' }, 'phone', 'Необходимо заполнить номер телефона'],
    [
      'password and confirmation missing',
      { password: '', password_confirmation: '' },
      'password',
      'Необходимо заполнить пароль и его подтверждение',
    ],
    ['e-mail format', { email: 'not-an-email' }, 'email', 'Неправильный формат Email'],
    [
      'short password',
      { password: 'short', password_confirmation: 'short' },
      'password',
      'Пароль должен состоять минимум из 8 символов',
    ],
    ['mismatch', { password_confirmation: 'other-pass-1' }, 'password_confirmation', 'Пароли не совпадают'],
    ['phone format', { phone: '12345' }, 'phone', 'Неправильный формат номера телефона'],
    ['unknown currency', { currency: 'btc' }, 'currency', 'Некорректное значение'],
    ['unknown language', { language: 'de' }, 'language', 'Некорректное значение'],
    ['a number for a name', { name: 42 }, 'name', 'Некорректное значение'],
    ['a huge name', { name: 'я'.repeat(10_000) }, 'name', 'Слишком длинное значение'],
  ];
  it.each(cases)('%s: 422 with the §5 message and nothing stored', async (_, overrides, field, message) => {
    const before = await accountCount();
    const answer = await api.call('POST', '/api/register', { body: newUser(overrides) });
    expect(answer.status).toBe(422);
    expect(answer.json.code).toBe('validation_failed');
    expect(answer.json.fields[field]).toBe(message);
    expect(answer.json.message).toBe(message);
    expect(await accountCount()).toBe(before);
  });

  it('reports every problem of the form at once', async () => {
    const answer = await api.call('POST', '/api/register', {
      body: { name: '', email: 'x', phone: '', password: '1', password_confirmation: '1' },
    });
    expect(answer.json.fields).toEqual({
      name: 'Необходимо заполнить имя',
      email: 'Неправильный формат Email',
      phone: 'Необходимо заполнить номер телефона',
      password: 'Пароль должен состоять минимум из 8 символов',
    });
  });

  it('answers in English when the browser asks for it', async () => {
    const answer = await api.call('POST', '/api/register', {
      body: newUser({ email: 'bad' }),
      lang: 'en-US,en;q=0.9',
    });
    expect(answer.json.fields.email).toBe('Invalid email format');
  });

  it('refuses malformed JSON, a non-object body and an oversized body with a 4xx', async () => {
    const before = await accountCount();
    const malformed = await api.call('POST', '/api/register', { rawBody: '{"name": "A",' });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toEqual({ code: 'bad_request', message: 'Некорректный запрос' });
    const array = await api.call('POST', '/api/register', { body: [1, 2] });
    expect(array.status).toBe(422);
    const huge = await api.call('POST', '/api/register', {
      rawBody: JSON.stringify(newUser({ name: 'x'.repeat(70_000) })),
    });
    expect(huge.status).toBe(413);
    expect(huge.json.message).toBe('Слишком большой запрос');
    expect(await accountCount()).toBe(before);
  });

  it('limits sign-ups from one address', async () => {
    const ip = '10.9.9.9';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await api.call('POST', '/api/register', { body: newUser(), ip })).status);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
