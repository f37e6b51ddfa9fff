import { describe, expect, it } from 'vitest';
import { sharedTestApp, signedInUser } from './support/client';

const api = sharedTestApp();

describe('signing in and out', () => {
  it('a wrong password or unknown e-mail gets one message', async () => {
    const user = await signedInUser(api.t);
    for (const body of [
      { email: user.email, password: 'wrong-password' },
      { email: 'ghost@example.com', password: 'whatever-1' },
    ]) {
      const answer = await api.call('POST', '/api/login', { body });
      expect(answer.status).toBe(422);
      expect(answer.json).toMatchObject({
        code: 'invalid_credentials',
        message: 'Неверный Email или пароль',
      });
    }
  });

  it('checks the sign-in form with the §5 messages', async () => {
    const empty = await api.call('POST', '/api/login', { body: { email: '', password: '' } });
    expect(empty.json.fields).toEqual({
      email: 'Необходимо заполнить Email',
      password: 'Необходимо заполнить пароль',
    });
    const format = await api.call('POST', '/api/login', { body: { email: 'nope', password: 'x' } });
    expect(format.json.fields.email).toBe('Неправильный формат Email');
  });

  it('every signed-in endpoint answers 401 without a valid token', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/profile'],
      ['POST', '/api/profile'],
      ['POST', '/api/change_password'],
      ['POST', '/api/profile/tg'],
      ['GET', '/api/keys'],
      ['POST', '/api/keys'],
      ['PATCH', '/api/keys/00000000-0000-0000-0000-000000000000'],
      ['DELETE', '/api/keys/00000000-0000-0000-0000-000000000000'],
      ['POST', '/api/helpers/tour'],
      ['POST', '/api/logout'],
    ];
    for (const [method, path] of routes) {
      for (const token of [undefined, 'garbage', 'eyJhbGciOiJIUzI1NiJ9.e30.x', 'bk_unknown']) {
        const answer = await api.call(method, path, { token, body: method === 'GET' ? undefined : {} });
        expect(answer.status, `${method} ${path} ${token}`).toBe(401);
        expect(answer.json).toEqual({ code: 'unauthorized', message: 'Требуется вход в систему' });
      }
    }
  });

  it('logout revokes the token; other sessions keep working', async () => {
    const user = await signedInUser(api.t);
    const second = await api.call('POST', '/api/login', {
      body: { email: user.email, password: user.password },
    });
    expect((await api.call('GET', '/api/profile', { token: user.token })).status).toBe(200);
    expect((await api.call('POST', '/api/logout', { token: user.token })).status).toBe(200);
    expect((await api.call('GET', '/api/profile', { token: user.token })).status).toBe(401);
    expect((await api.call('GET', '/api/profile', { token: second.json.token })).status).toBe(200);
  });

  it('a session expires after 30 days', async () => {
    const user = await signedInUser(api.t);
    api.t.clock.advance(31 * 86_400_000);
    expect((await api.call('GET', '/api/profile', { token: user.token })).status).toBe(401);
  });

  it('limits wrong passwords for an e-mail from one address, then answers with Retry-After', async () => {
    const user = await signedInUser(api.t);
    const ip = '10.3.0.1';
    let answer = await api.call('POST', '/api/login', {
      body: { email: user.email, password: 'wrong-pass' },
      ip,
    });
    for (let i = 1; i < 11; i++) {
      answer = await api.call('POST', '/api/login', {
        body: { email: user.email, password: i < 10 ? 'wrong-pass' : user.password },
        ip,
      });
    }
    expect(answer.status).toBe(429);
    expect(answer.json.message).toBe('Слишком много попыток. Повторите через 15 мин.');
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);

    api.t.clock.advance(15 * 60_000 + 1000);
    const later = await api.call('POST', '/api/login', {
      body: { email: user.email, password: user.password },
      ip,
    });
    expect(later.status).toBe(200);
  });

  it('limits sign-in attempts per address across e-mails', async () => {
    const ip = '10.4.0.1';
    let status = 0;
    for (let i = 0; i < 51; i++) {
      status = (
        await api.call('POST', '/api/login', {
          body: { email: `x${i}@example.com`, password: 'whatever-1' },
          ip,
        })
      ).status;
    }
    expect(status).toBe(429);
  });
});
