import { describe, expect, it } from 'vitest';
import { codeFrom, newUser, sharedTestApp } from './support/client';

const api = sharedTestApp();

async function registered() {
  const user = newUser();
  await api.call('POST', '/api/register', { body: user });
  return user;
}

const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');

describe('verifying the e-mail', () => {
  it('refuses sign-in before verification and explains why; after it, sign-in works', async () => {
    const user = await registered();
    const early = await api.call('POST', '/api/login', {
      body: { email: user.email, password: user.password },
    });
    expect(early.status).toBe(403);
    expect(early.json).toMatchObject({
      code: 'email_not_verified',
      message: 'Email не подтверждён. Введите код из письма',
    });

    const verified = await api.call('POST', '/api/verify-email', {
      body: { email: user.email, code: codeFrom(api.t, user.email) },
    });
    expect(verified.status).toBe(200);
    expect(verified.json.message).toBe('Email подтверждён. Войдите в аккаунт');
    expect(verified.json.token).toBeUndefined();

    const login = await api.call('POST', '/api/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.status).toBe(200);
    expect(typeof login.json.token).toBe('string');
  });

  it.each([
    ['', 'Код не заполнен'],
    ['123', 'Код заполнен не полностью'],
    ['12a45b', 'Некорректный код'],
  ])('code %j: %s', async (code, message) => {
    const user = await registered();
    const answer = await api.call('POST', '/api/verify-email', { body: { email: user.email, code } });
    expect(answer.status).toBe(422);
    expect(answer.json.fields.code).toBe(message);
  });

  it('refuses a wrong code with "Некорректный код"', async () => {
    const user = await registered();
    const answer = await api.call('POST', '/api/verify-email', {
      body: { email: user.email, code: wrongCode(codeFrom(api.t, user.email)) },
    });
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({ code: 'code_invalid', message: 'Некорректный код' });
  });

  it('after five wrong attempts even the right code is refused until a new one is sent', async () => {
    const user = await registered();
    const right = codeFrom(api.t, user.email);
    for (let i = 0; i < 5; i++) {
      await api.call('POST', '/api/verify-email', { body: { email: user.email, code: wrongCode(right) } });
    }
    const locked = await api.call('POST', '/api/verify-email', { body: { email: user.email, code: right } });
    expect(locked.json).toMatchObject({
      code: 'code_attempts_exceeded',
      message: 'Слишком много неверных попыток, запросите новый код',
    });

    const resent = await api.call('POST', '/api/resend-code', { body: { email: user.email } });
    expect(resent.json.message).toBe('Новый код успешно отправлен');
    const fresh = codeFrom(api.t, user.email);
    const ok = await api.call('POST', '/api/verify-email', { body: { email: user.email, code: fresh } });
    expect(ok.status).toBe(200);
  });

  it('a code expires after 15 minutes', async () => {
    const user = await registered();
    const code = codeFrom(api.t, user.email);
    api.t.clock.advance(15 * 60_000 + 1);
    const answer = await api.call('POST', '/api/verify-email', { body: { email: user.email, code } });
    expect(answer.json).toMatchObject({
      code: 'code_expired',
      message: 'Срок действия кода истёк, запросите новый',
    });
  });

  it('a resent code replaces the old one', async () => {
    const user = await registered();
    const first = codeFrom(api.t, user.email);
    await api.call('POST', '/api/resend-code', { body: { email: user.email } });
    const second = codeFrom(api.t, user.email);
    if (first !== second) {
      const old = await api.call('POST', '/api/verify-email', { body: { email: user.email, code: first } });
      expect(old.json.code).toBe('code_invalid');
    }
    const ok = await api.call('POST', '/api/verify-email', { body: { email: user.email, code: second } });
    expect(ok.status).toBe(200);
  });

  it('resend answers the same for an unknown e-mail and sends nothing', async () => {
    const before = api.t.mail.sent.length;
    const answer = await api.call('POST', '/api/resend-code', { body: { email: 'nobody@example.com' } });
    expect(answer.json.message).toBe('Новый код успешно отправлен');
    expect(api.t.mail.sent.length).toBe(before);
  });

  it('limits code requests per e-mail and code checks per address', async () => {
    const user = await registered();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await api.call('POST', '/api/resend-code', { body: { email: user.email }, ip: `10.1.0.${i}` }))
          .status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    // Different e-mails, so the address's own limit is what answers 429.
    const ip = '10.2.0.1';
    let last = 0;
    for (let i = 0; i < 51; i++) {
      last = (
        await api.call('POST', '/api/verify-email', {
          body: { email: `checker${i}@example.com`, code: '000000' },
          ip,
        })
      ).status;
    }
    expect(last).toBe(429);
  });
});
