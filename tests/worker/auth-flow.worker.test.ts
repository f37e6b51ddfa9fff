import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call, codeMailedTo, mailTo, newUser, uniqueEmail } from './support/api';

describe('sign-up to profile through the Worker (Neon driver, Upstash, mail API)', () => {
  it('registers, mails a code, verifies, signs in and reads the profile', async () => {
    const user = newUser();
    const registered = await call('POST', '/api/register', { body: user });
    expect(registered.status).toBe(201);
    expect(registered.json.email).toBe(user.email);

    const [mail] = await mailTo(user.email);
    expect(mail).toMatchObject({ from: env.MAIL_FROM, to: [user.email], subject: 'Email confirmation code' });

    const verified = await call('POST', '/api/verify-email', {
      body: { email: user.email, code: await codeMailedTo(user.email) },
    });
    expect(verified.status).toBe(200);

    const login = await call<{ token: string }>('POST', '/api/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.status).toBe(200);

    const profile = await call('GET', '/api/profile', { token: login.json.token });
    expect(profile.status).toBe(200);
    expect(profile.json).toMatchObject({
      email: user.email,
      name: user.name,
      phone: '79991234567',
      lang: 'en',
      currency: 'rub',
    });
  });

  it('refuses the profile without a session', async () => {
    const answer = await call('GET', '/api/profile');
    expect(answer.status).toBe(401);
    expect(answer.json.code).toBe('unauthorized');
  });

  it('rate-limits sign-in per e-mail through Upstash (MULTI INCR/EXPIRE NX, then TTL)', async () => {
    const email = uniqueEmail('limited');
    const attempt = () => call('POST', '/api/login', { body: { email, password: 'wrong-password' } });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(422);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(850);
    expect(retryAfter).toBeLessThanOrEqual(900);
  });
});
