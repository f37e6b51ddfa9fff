import { describe, expect, it } from 'vitest';
import { codeFrom, newUser, sharedTestApp, signedInUser } from './support/client';

const api = sharedTestApp();

describe('resetting a forgotten password', () => {
  it('sets the new password and signs the account out everywhere', async () => {
    const user = await signedInUser(api.t);
    const sent = await api.call('POST', '/api/send-reset-code', { body: { email: user.email } });
    expect(sent.json.message).toBe('Если аккаунт с таким Email существует, мы отправили на него код');
    expect(api.t.mail.lastTo(user.email)?.subject).toBe('Код для сброса пароля');

    const reset = await api.call('POST', '/api/reset-password', {
      body: { email: user.email, code: codeFrom(api.t, user.email), password: 'brand-new-pass' },
    });
    expect(reset.status).toBe(200);
    expect(reset.json.message).toBe('Пароль изменён. Войдите с новым паролем');

    expect((await api.call('GET', '/api/profile', { token: user.token })).status).toBe(401);
    const old = await api.call('POST', '/api/login', {
      body: { email: user.email, password: user.password },
    });
    expect(old.json.code).toBe('invalid_credentials');
    const fresh = await api.call('POST', '/api/login', {
      body: { email: user.email, password: 'brand-new-pass' },
    });
    expect(fresh.status).toBe(200);
  });

  it('uses the same code rules and keeps the password on a wrong code', async () => {
    const user = await signedInUser(api.t);
    await api.call('POST', '/api/send-reset-code', { body: { email: user.email } });
    const right = codeFrom(api.t, user.email);
    const checks: [string, string][] = [
      ['', 'Код не заполнен'],
      ['12', 'Код заполнен не полностью'],
      [right === '999999' ? '888888' : '999999', 'Некорректный код'],
    ];
    for (const [code, message] of checks) {
      const answer = await api.call('POST', '/api/reset-password', {
        body: { email: user.email, code, password: 'another-pass' },
      });
      expect(answer.status).toBe(422);
      expect(answer.json.message).toBe(message);
    }
    const short = await api.call('POST', '/api/reset-password', {
      body: { email: user.email, code: right, password: 'short' },
    });
    expect(short.json.fields.password).toBe('Пароль должен состоять минимум из 8 символов');
    expect((await api.call('GET', '/api/profile', { token: user.token })).status).toBe(200);
  });

  it('verifies an unverified account, since the code came by e-mail', async () => {
    const user = newUser();
    await api.call('POST', '/api/register', { body: user });
    await api.call('POST', '/api/send-reset-code', { body: { email: user.email } });
    await api.call('POST', '/api/reset-password', {
      body: { email: user.email, code: codeFrom(api.t, user.email), password: 'brand-new-pass' },
    });
    const login = await api.call('POST', '/api/login', {
      body: { email: user.email, password: 'brand-new-pass' },
    });
    expect(login.status).toBe(200);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = api.t.mail.sent.length;
    const answer = await api.call('POST', '/api/send-reset-code', { body: { email: 'nobody@example.com' } });
    expect(answer.status).toBe(200);
    expect(api.t.mail.sent.length).toBe(before);
    const reset = await api.call('POST', '/api/reset-password', {
      body: { email: 'nobody@example.com', code: '123456', password: 'brand-new-pass' },
    });
    expect(reset.json.message).toBe('Некорректный код');
  });
});
