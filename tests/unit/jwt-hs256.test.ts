import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { base64url } from '../../functions/shared/base64url';
import { signJwt, verifyJwt } from '../../functions/shared/jwt-hs256';

const SECRET = 'a-secret-of-the-server-0123456789';
const key = new TextEncoder().encode(SECRET);
const now = new Date('2026-11-27T12:00:00Z');
const seconds = Math.floor(now.getTime() / 1000);
const segment = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));
const tokenWith = (header: unknown, claims: unknown, secret = SECRET) => {
  const signed = signJwt({}, secret).split('.')[2];
  // The signature of another token: only the shape matters where a check comes before it.
  return `${segment(header)}.${segment(claims)}.${signed}`;
};

describe('HS256 JWTs', () => {
  it('reads the tokens jose signs and jose reads the ones it signs', async () => {
    const byJose = await new SignJWT({ sid: 'session-1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('account-1')
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + 60)
      .sign(key);
    expect(verifyJwt(byJose, SECRET, now)).toEqual({
      sid: 'session-1',
      sub: 'account-1',
      iat: seconds,
      exp: seconds + 60,
    });
    const ours = signJwt({ room: 'chat:1', iat: seconds, exp: seconds + 60 }, SECRET);
    const { payload, protectedHeader } = await jwtVerify(ours, key, {
      algorithms: ['HS256'],
      currentDate: now,
    });
    expect(protectedHeader).toEqual({ alg: 'HS256' });
    expect(payload).toEqual({ room: 'chat:1', iat: seconds, exp: seconds + 60 });
    expect(ours).toBe(
      await new SignJWT({ room: 'chat:1' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(seconds)
        .setExpirationTime(seconds + 60)
        .sign(key),
    );
  });

  it('refuses an expired token, one not valid yet, and date claims that are not numbers', () => {
    const at = (claims: Record<string, unknown>) => verifyJwt(signJwt(claims, SECRET), SECRET, now);
    expect(at({ exp: seconds + 1 })).not.toBeNull();
    expect(at({ exp: seconds })).toBeNull();
    expect(at({ nbf: seconds })).not.toBeNull();
    expect(at({ nbf: seconds + 1 })).toBeNull();
    expect(at({ exp: String(seconds + 60) })).toBeNull();
    expect(at({ iat: 'yesterday' })).toBeNull();
    expect(at({ iat: seconds + 3600 })).not.toBeNull();
  });

  it('refuses another secret, a changed claim, another algorithm and a malformed token', () => {
    const token = signJwt({ sid: 'session-1', exp: seconds + 60 }, SECRET);
    expect(verifyJwt(token, `${SECRET}x`, now)).toBeNull();
    const [header, , signature] = token.split('.');
    expect(
      verifyJwt(`${header}.${segment({ sid: 'session-2', exp: seconds + 60 })}.${signature}`, SECRET, now),
    ).toBeNull();
    expect(verifyJwt(`${segment({ alg: 'none' })}.${token.split('.')[1]}.`, SECRET, now)).toBeNull();
    expect(verifyJwt(tokenWith({ alg: 'HS512' }, { sid: 's' }), SECRET, now)).toBeNull();
    expect(
      verifyJwt(tokenWith({ alg: 'HS256', crit: ['b64'], b64: false }, { sid: 's' }), SECRET, now),
    ).toBeNull();
    for (const malformed of [
      '',
      'a.b',
      `${token}.x`,
      `${header}.!!!.${signature}`,
      `${header}.${segment([1])}.x`,
    ]) {
      expect(verifyJwt(malformed, SECRET, now)).toBeNull();
    }
  });

  it('refuses a claims set that is not a JSON object, even when signed', () => {
    for (const claims of ['[1,2]', '"text"', 'null', '{"sid":']) {
      const signedPart = `${segment({ alg: 'HS256' })}.${base64url(new TextEncoder().encode(claims))}`;
      const signature = createHmac('sha256', SECRET).update(signedPart).digest('base64url');
      expect(verifyJwt(`${signedPart}.${signature}`, SECRET, now)).toBeNull();
    }
    const signedPart = `${segment({ alg: 'HS256' })}.${segment({ sid: 'session-1' })}`;
    const signature = createHmac('sha256', SECRET).update(signedPart).digest('base64url');
    expect(verifyJwt(`${signedPart}.${signature}`, SECRET, now)).toEqual({ sid: 'session-1' });
  });
});
