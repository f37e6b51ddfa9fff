import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../functions/app';
import { codeFrom, newUser, sharedTestApp, signedInUser, uniqueEmail } from './support/client';

const api = sharedTestApp();

const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');

async function registered() {
  const user = newUser();
  await api.call('POST', '/api/register', { body: user, ip: '10.60.0.1' });
  return user;
}

const login = (email: string, password: string, ip: string) =>
  api.call('POST', '/api/login', { body: { email, password }, ip });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('e-mail codes under attack', () => {
  it('parallel guesses cannot get more than five codes checked', async () => {
    const user = await registered();
    const right = codeFrom(api.t, user.email);
    // Eight wrong guesses at once: at most five are compared, the rest are refused unchecked. (With
    // the right code among them the count would depend on the order: guesses that arrive after it
    // burnt the code find none, and say so, without any comparison.)
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api.call('POST', '/api/verify-email', {
          body: { email: user.email, code: wrongCode(right) },
          ip: `10.61.0.${i}`,
        }),
      ),
    );
    const judged = answers.filter((a) => a.json.code === 'code_invalid');
    expect(judged.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.json.code === 'code_attempts_exceeded').length).toBeGreaterThanOrEqual(3);
    // The right code is refused now too, until a new one is sent.
    const late = await api.call('POST', '/api/verify-email', {
      body: { email: user.email, code: right },
      ip: '10.61.0.99',
    });
    expect(late.json.code).toBe('code_attempts_exceeded');
  });

  it('limits wrong codes per e-mail across new codes and addresses', async () => {
    const user = await registered();
    let ip = 0;
    const guess = (code: string) =>
      api.call('POST', '/api/verify-email', {
        body: { email: user.email, code },
        ip: `10.62.0.${++ip}`,
      });
    for (let round = 0; round < 2; round++) {
      const right = codeFrom(api.t, user.email);
      for (let i = 0; i < 5; i++) expect((await guess(wrongCode(right))).status).toBe(422);
      await api.call('POST', '/api/resend-code', { body: { email: user.email }, ip: `10.63.0.${round}` });
    }
    const limited = await guess(codeFrom(api.t, user.email));
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe('rate_limited');

    api.t.clock.advance(15 * 60_000 + 1000);
    await api.call('POST', '/api/resend-code', { body: { email: user.email }, ip: '10.63.0.9' });
    expect((await guess(codeFrom(api.t, user.email))).status).toBe(200);
  });
});

describe('sign-in limits count failures only', () => {
  it('signing in often does not use up the e-mail', async () => {
    const user = await signedInUser(api.t);
    for (let i = 0; i < 15; i++) {
      expect((await login(user.email, user.password, '10.64.0.1')).status, `sign-in ${i}`).toBe(200);
    }
  });

  it('someone guessing from one address does not lock the owner out', async () => {
    const user = await signedInUser(api.t);
    for (let i = 0; i < 10; i++)
      expect((await login(user.email, 'wrong-pass', '10.65.0.1')).status).toBe(422);
    expect((await login(user.email, 'wrong-pass', '10.65.0.1')).status).toBe(429);
    expect((await login(user.email, user.password, '10.65.0.1')).status).toBe(429);

    expect((await login(user.email, user.password, '10.65.0.2')).status).toBe(200);
  });

  it('guessing from many addresses is still capped per e-mail', async () => {
    const user = await signedInUser(api.t);
    for (let i = 0; i < 50; i++) await login(user.email, 'wrong-pass', `10.66.${i}.1`);
    const limited = await login(user.email, user.password, '10.66.99.1');
    expect(limited.status).toBe(429);
  });
});

describe('addresses as rate-limit subjects', () => {
  // A new code may be asked for 30 times an hour from one address; the 31st answers 429.
  const askCode = (ip: string) =>
    api.call('POST', '/api/resend-code', { body: { email: uniqueEmail('asker') }, ip });

  it('counts an IPv6 /64 as one address', async () => {
    let status = 0;
    for (let i = 0; i < 31; i++) status = (await askCode(`2001:db8:7:7::${(i + 1).toString(16)}`)).status;
    expect(status).toBe(429);
    expect((await askCode('2001:db8:7:8::1')).status).toBe(200);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    let status = 0;
    for (let i = 0; i < 31; i++) status = (await askCode(i % 2 ? '10.67.0.1' : '::ffff:10.67.0.1')).status;
    expect(status).toBe(429);
  });

  it('believes no forwarding header unless the entry was told to', async () => {
    const app = createApp(api.t.ports, api.t.settings);
    let status = 0;
    for (let i = 0; i < 31; i++) {
      const response = await app.request('/api/resend-code', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
        body: JSON.stringify({ email: uniqueEmail('spoof') }),
      });
      status = response.status;
    }
    expect(status).toBe(429);
  });
});

describe('answers that do not tell whether an address is registered or confirmed', () => {
  it('verify-email answers alike for unknown, confirmed and unconfirmed addresses', async () => {
    const confirmed = await signedInUser(api.t);
    const unconfirmed = await registered();
    const unknown = uniqueEmail('ghost');
    const wrong = wrongCode(codeFrom(api.t, unconfirmed.email));
    const emails = [unknown, confirmed.email, unconfirmed.email];

    const first = await Promise.all(
      emails.map((email, i) =>
        api.call('POST', '/api/verify-email', { body: { email, code: wrong }, ip: `10.68.0.${i}` }),
      ),
    );
    for (const answer of first) {
      expect(answer.status).toBe(422);
      expect(answer.json).toEqual(first[2]?.json);
    }
  });

  it('a new code, attempts and expiry look the same whether or not anyone receives it', async () => {
    const confirmed = await signedInUser(api.t);
    const unconfirmed = await registered();
    const unknown = uniqueEmail('ghost');
    const emails = [unknown, confirmed.email, unconfirmed.email];
    const seen = emails.map(() => [] as string[]);
    const record = async () => {
      for (const [i, email] of emails.entries()) {
        const answer = await api.call('POST', '/api/verify-email', {
          body: { email, code: '000000' },
          ip: `10.69.0.${i}`,
        });
        seen[i]?.push(`${answer.status} ${JSON.stringify(answer.json)}`);
      }
    };
    for (const [i, email] of emails.entries()) {
      const sent = await api.call('POST', '/api/resend-code', { body: { email }, ip: `10.70.0.${i}` });
      expect(sent.json).toEqual({ message: 'Новый код успешно отправлен' });
    }
    // The unconfirmed account's real code must not be 000000 for the comparison to hold.
    if (codeFrom(api.t, unconfirmed.email) === '000000') return;
    await record();
    api.t.clock.advance(16 * 60_000);
    await record();
    expect(seen[0]).toEqual(seen[2]);
    expect(seen[1]).toEqual(seen[2]);
    expect(seen[2]?.[1]).toContain('code_expired');
  });

  it('a reset code answers alike whether or not the account exists', async () => {
    const known = await signedInUser(api.t);
    const unknown = uniqueEmail('ghost');
    const emails = [unknown, known.email];
    const answers = await Promise.all(
      emails.map((email, i) =>
        api.call('POST', '/api/send-reset-code', { body: { email }, ip: `10.71.0.${i}` }),
      ),
    );
    expect(answers[0]?.status).toBe(answers[1]?.status);
    expect(answers[0]?.json).toEqual(answers[1]?.json);
    if (codeFrom(api.t, known.email) === '000000') return;
    const seen = emails.map(() => [] as string[]);
    for (let round = 0; round < 6; round++) {
      for (const [i, email] of emails.entries()) {
        const answer = await api.call('POST', '/api/reset-password', {
          body: { email, code: '000000', password: 'brand-new-pass' },
          ip: `10.72.0.${i}`,
        });
        seen[i]?.push(`${answer.status} ${JSON.stringify(answer.json)}`);
      }
    }
    expect(seen[0]).toEqual(seen[1]);
    expect(seen[1]?.[5]).toContain('code_attempts_exceeded');
  });

  it('checks a password even for an unknown e-mail, so both take as long', async () => {
    const user = await signedInUser(api.t);
    const derive = vi.spyOn(crypto.subtle, 'deriveBits');
    await login(user.email, 'wrong-pass', '10.73.0.1');
    const forWrongPassword = derive.mock.calls.length;
    await login(uniqueEmail('ghost'), 'wrong-pass', '10.73.0.1');
    const forUnknownEmail = derive.mock.calls.length - forWrongPassword;
    expect(forWrongPassword).toBe(1);
    expect(forUnknownEmail).toBe(forWrongPassword);
  });
});
