import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, balanceEntries, transactions } from '../../db/schema';
import { sharedTestApp, signedInUser } from './support/client';

const api = sharedTestApp();

describe('profile', () => {
  it('shows the §3 profile fields of the signed-in account', async () => {
    const user = await signedInUser(api.t, { currency: 'kzt' });
    const answer = await api.call('GET', '/api/profile', { token: user.token });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      name: 'Анна',
      email: user.email,
      phone: '79991234567',
      lang: 'ru',
      currency: 'kzt',
      tour_showed: false,
      tour_walk: null,
      role: null,
      notifications: [],
      clients_partner: { balance: 0 },
    });
    expect(Date.parse(answer.json.demo_till)).toBeGreaterThan(Date.now());
    expect(answer.json).not.toHaveProperty('password_hash');
    expect(answer.json).not.toHaveProperty('passwordHash');
  });

  it('saves name, phone, language and currency; errors then come in the saved language', async () => {
    const user = await signedInUser(api.t);
    const saved = await api.call('POST', '/api/profile', {
      token: user.token,
      body: { name: ' Анна Петрова ', phone: '7 (912) 000-11-22', lang: 'en', currency: 'usd' },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      name: 'Анна Петрова',
      phone: '79120001122',
      lang: 'en',
      currency: 'usd',
    });
    expect((await api.call('GET', '/api/profile', { token: user.token })).json.lang).toBe('en');

    const bad = await api.call('POST', '/api/profile', { token: user.token, body: { name: '' }, lang: 'ru' });
    expect(bad.status).toBe(422);
    expect(bad.json.fields.name).toBe('Please enter your name');
  });

  it('changes the currency only while no money has moved; the welcome credit moves along', async () => {
    const user = await signedInUser(api.t);
    const first = await api.call('GET', '/api/balance', { token: user.token });
    expect(first.json).toMatchObject({ total_minor: 10_000, currency: 'rub' });
    const usd = await api.call('POST', '/api/profile', { token: user.token, body: { currency: 'usd' } });
    expect(usd.json.currency).toBe('usd');
    expect((await api.call('GET', '/api/balance', { token: user.token })).json).toMatchObject({
      total_minor: 100,
      currency: 'usd',
    });

    const [account] = await api.t.db.select().from(accounts).where(eq(accounts.email, user.email));
    if (!account) throw new Error('no account');
    await api.t.db.insert(balanceEntries).values({
      accountId: account.id,
      amountMinor: -3,
      currency: 'usd',
      kind: 'charge',
      createdAt: api.t.clock.now(),
    });
    const locked = await api.call('POST', '/api/profile', {
      token: user.token,
      body: { currency: 'eur', name: 'Другое имя' },
    });
    expect(locked.status).toBe(409);
    expect(locked.json).toMatchObject({
      code: 'currency_locked',
      message: 'Валюту нельзя сменить: на балансе уже есть движения средств или подписки в текущей валюте',
    });
    const after = await api.call('GET', '/api/profile', { token: user.token });
    expect(after.json).toMatchObject({ currency: 'usd', name: user.name });
    expect((await api.call('GET', '/api/balance', { token: user.token })).json.total_minor).toBe(97);
  });

  it('refuses to change the currency while a payment link or an invoice is open, saying why', async () => {
    const user = await signedInUser(api.t);
    const [account] = await api.t.db.select().from(accounts).where(eq(accounts.email, user.email));
    if (!account) throw new Error('no account');
    const now = api.t.clock.now();
    const open = async (row: Partial<typeof transactions.$inferInsert>) => {
      const [made] = await api.t.db
        .insert(transactions)
        .values({
          accountId: account.id,
          operation: 'top_up',
          status: 'not_paid',
          amountMinor: 150_000,
          currency: 'rub',
          provider: 'tbank',
          providerPaymentId: String(Math.floor(Math.random() * 1e9)),
          providerStatus: 'NEW',
          paymentUrl: 'https://securepay.tinkoff.ru/new/abc',
          createdAt: now,
          ...row,
        })
        .returning();
      if (!made) throw new Error('not stored');
      return made;
    };
    const change = (currency: string) =>
      api.call('POST', '/api/profile', { token: user.token, body: { currency, name: 'Другое имя' } });
    const refusedWith = async (lang: 'ru' | 'en', message: string) => {
      await api.call('POST', '/api/profile', { token: user.token, body: { lang } });
      const refused = await change('usd');
      expect(refused.status).toBe(409);
      expect(refused.json).toMatchObject({ code: 'currency_locked', message });
      expect(refused.json.fields.currency).toBe(message);
    };
    const RU =
      'Нельзя сменить валюту, пока есть неоплаченный счёт или действующая ссылка на оплату: оплата по ним зачисляется в текущей валюте';
    const EN =
      'The currency cannot be changed while an invoice or a payment link is unpaid: its payment is credited in the current currency';

    const link = await open({});
    await refusedWith('ru', RU);
    await refusedWith('en', EN);
    await refusedWith('ru', RU);
    const unchanged = await api.call('GET', '/api/profile', { token: user.token });
    expect(unchanged.json).toMatchObject({ currency: 'rub', name: user.name });
    expect((await api.call('GET', '/api/balance', { token: user.token })).json).toMatchObject({
      total_minor: 10_000,
      currency: 'rub',
    });

    // A declined payment's page cannot be paid any more; an invoice can, whenever.
    await api.t.db
      .update(transactions)
      .set({ paymentUrl: null, providerStatus: 'REJECTED' })
      .where(eq(transactions.id, link.id));
    const invoice = await open({
      operation: 'invoice',
      provider: 'invoice',
      providerPaymentId: null,
      providerStatus: null,
      paymentUrl: null,
      invoiceNumber: 900_000 + Math.floor(Math.random() * 99_999),
      createdAt: new Date(now.getTime() - 90 * 86_400_000),
    });
    await refusedWith('ru', RU);
    await api.t.db.update(transactions).set({ status: 'paid' }).where(eq(transactions.id, invoice.id));
    // A payment page from three days ago has expired at the provider.
    await open({ createdAt: new Date(now.getTime() - 3 * 86_400_000) });
    const changed = await change('usd');
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ currency: 'usd', name: 'Другое имя' });
  });

  it('refuses bad values and changes nothing', async () => {
    const user = await signedInUser(api.t);
    for (const body of [{ phone: '123' }, { currency: 'btc' }, { lang: 'fr' }, { name: 'x'.repeat(500) }]) {
      expect((await api.call('POST', '/api/profile', { token: user.token, body })).status).toBe(422);
    }
    const profile = await api.call('GET', '/api/profile', { token: user.token });
    expect(profile.json).toMatchObject({ name: 'Анна', phone: '79991234567', currency: 'rub', lang: 'ru' });
  });
});

describe('changing the password', () => {
  it('checks the §5 rules', async () => {
    const user = await signedInUser(api.t);
    const cases: [Record<string, string>, string, string][] = [
      [
        { new_password: '', new_password_confirmation: '' },
        'new_password',
        'Необходимо заполнить пароль и его подтверждение',
      ],
      [
        { new_password: 'short', new_password_confirmation: 'short' },
        'new_password',
        'Пароль должен состоять минимум из 8 символов',
      ],
      [
        { new_password: 'long-enough-1', new_password_confirmation: 'long-enough-2' },
        'new_password_confirmation',
        'Пароли не совпадают',
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await api.call('POST', '/api/change_password', { token: user.token, body });
      expect(answer.status).toBe(422);
      expect(answer.json.fields[field]).toBe(message);
    }
  });

  it('changes it, keeps this session and ends the others', async () => {
    const user = await signedInUser(api.t);
    const other = await api.call('POST', '/api/login', {
      body: { email: user.email, password: user.password },
    });
    const answer = await api.call('POST', '/api/change_password', {
      token: user.token,
      body: { new_password: 'changed-pass-1', new_password_confirmation: 'changed-pass-1' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.message).toBe('Пароль успешно изменён');
    expect((await api.call('GET', '/api/profile', { token: user.token })).status).toBe(200);
    expect((await api.call('GET', '/api/profile', { token: other.json.token })).status).toBe(401);
    const login = await api.call('POST', '/api/login', {
      body: { email: user.email, password: 'changed-pass-1' },
    });
    expect(login.status).toBe(200);
  });
});

describe('Telegram recipients', () => {
  it('saves the list, normalising usernames', async () => {
    const user = await signedInUser(api.t);
    const answer = await api.call('POST', '/api/profile/tg', {
      token: user.token,
      body: { contacts: ['@shop_owner', 'manager_anna', '123456789'] },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.notifications).toEqual(['@shop_owner', '@manager_anna', '123456789']);
  });

  it("refuses a duplicate with 'Такой получатель уже есть в списке' and keeps the saved list", async () => {
    const user = await signedInUser(api.t);
    await api.call('POST', '/api/profile/tg', { token: user.token, body: { contacts: ['@shop_owner'] } });
    const answer = await api.call('POST', '/api/profile/tg', {
      token: user.token,
      body: { contacts: ['@shop_owner', 'Shop_Owner'] },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.message).toBe('Такой получатель уже есть в списке');
    expect(answer.json.fields['contacts.1']).toBe('Такой получатель уже есть в списке');
    expect((await api.call('GET', '/api/profile', { token: user.token })).json.notifications).toEqual([
      '@shop_owner',
    ]);
  });

  it('refuses something that is not a Telegram recipient, and too many recipients', async () => {
    const user = await signedInUser(api.t);
    const bad = await api.call('POST', '/api/profile/tg', {
      token: user.token,
      body: { contacts: ['<script>'] },
    });
    expect(bad.json.fields['contacts.0']).toBe('Укажите @username или числовой chat id Telegram');
    const many = Array.from({ length: 21 }, (_, i) => `@recipient_${i}`);
    const tooMany = await api.call('POST', '/api/profile/tg', {
      token: user.token,
      body: { contacts: many },
    });
    expect(tooMany.json.fields.contacts).toBe('Слишком много получателей');
  });
});

describe('onboarding tour', () => {
  it('stores the answers, the role and marks the tour shown', async () => {
    const user = await signedInUser(api.t);
    const fields = {
      usage_plan: 'Отвечать клиентам салона в Telegram',
      role: 'partner',
      industry: 'beauty',
      ai_experience: 'Пробовали ChatGPT',
      sales_staff: '3',
    };
    const answer = await api.call('POST', '/api/helpers/tour', { token: user.token, body: { fields } });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ tour_showed: true, role: 'partner' });
    const [row] = await api.t.db.select().from(accounts).where(eq(accounts.email, user.email));
    expect(row?.tourAnswers).toEqual({ ...fields, walk: 'due' });
    expect(answer.json.tour_walk).toBe('due');
  });

  it('remembers the walk after the questions once it is finished or skipped, and refuses another end', async () => {
    for (const walk of ['finished', 'skipped']) {
      const user = await signedInUser(api.t);
      const before = await api.call('GET', '/api/profile', { token: user.token });
      expect(before.json.tour_walk).toBeNull();
      const fields = { usage_plan: 'sales', role: 'client', ai_experience: 'uses', sales_staff: '1-3' };
      await api.call('POST', '/api/helpers/tour', { token: user.token, body: { fields } });
      const ended = await api.call('POST', '/api/helpers/tour', {
        token: user.token,
        body: { fields: { walk } },
      });
      expect(ended.status).toBe(200);
      expect(ended.json).toMatchObject({ tour_showed: true, tour_walk: walk, role: 'client' });
      const profile = await api.call('GET', '/api/profile', { token: user.token });
      expect(profile.json.tour_walk).toBe(walk);
      const [row] = await api.t.db.select().from(accounts).where(eq(accounts.email, user.email));
      expect(row?.tourAnswers).toEqual({ ...fields, walk });
      const bad = await api.call('POST', '/api/helpers/tour', {
        token: user.token,
        body: { fields: { walk: 'halfway' } },
      });
      expect(bad.status).toBe(422);
    }
  });

  it('requires the client or partner choice', async () => {
    const user = await signedInUser(api.t);
    const answer = await api.call('POST', '/api/helpers/tour', {
      token: user.token,
      body: { fields: { role: 'boss' } },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.message).toBe('Выберите, клиент вы или партнёр');
    expect((await api.call('GET', '/api/profile', { token: user.token })).json.tour_showed).toBe(false);
  });
});
