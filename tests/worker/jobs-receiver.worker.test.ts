import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, authCodes } from '../../db/schema';
import { call, newUser } from './support/api';
import { withDb } from './support/db';
import { deliver, sign } from './support/jobs';

const CLEANUP = 'schedule:cleanup-expired-auth';

async function expectUnauthorized(response: Response) {
  expect(response.status).toBe(401);
  expect(await response.json()).toMatchObject({ code: 'unauthorized' });
}

/** Registers an account whose verification code has already expired; returns the account id. */
async function accountWithExpiredCode(): Promise<string> {
  const user = newUser();
  expect((await call('POST', '/api/register', { body: user })).status).toBe(201);
  return withDb(async (db) => {
    const [account] = await db.select().from(accounts).where(eq(accounts.email, user.email));
    if (!account) throw new Error('no account');
    await db
      .update(authCodes)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(authCodes.accountId, account.id));
    return account.id;
  });
}

const codesOf = (accountId: string) =>
  withDb((db) => db.select().from(authCodes).where(eq(authCodes.accountId, accountId)));

describe('POST /api/jobs/:name (QStash callbacks)', () => {
  it('refuses an unsigned call with 401 JSON', async () => {
    await expectUnauthorized(await deliver({ name: 'x', body: '{}' }));
    await expectUnauthorized(await deliver({ name: CLEANUP, body: 'null' }));
  });

  it('refuses a signature by another key, over another body, for another job or expired', async () => {
    const body = 'null';
    await expectUnauthorized(
      await deliver({
        name: CLEANUP,
        body,
        signature: await sign(CLEANUP, body, { signingKey: 'sig_wrong' }),
      }),
    );
    await expectUnauthorized(
      await deliver({ name: CLEANUP, body: '{"other":1}', signature: await sign(CLEANUP, body) }),
    );
    await expectUnauthorized(await deliver({ name: CLEANUP, body, signature: await sign('x', body) }));
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    await expectUnauthorized(
      await deliver({ name: CLEANUP, body, signature: await sign(CLEANUP, body, { issuedAt: anHourAgo }) }),
    );
  });

  it('runs the schedule handler on a call signed with the current key', async () => {
    const accountId = await accountWithExpiredCode();
    expect(await codesOf(accountId)).toHaveLength(1);
    const response = await deliver({ name: CLEANUP, body: 'null', signature: await sign(CLEANUP, 'null') });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(await codesOf(accountId)).toHaveLength(0);
  });

  it('accepts the next signing key, so keys can be rotated', async () => {
    const accountId = await accountWithExpiredCode();
    const signature = await sign(CLEANUP, '', { signingKey: env.QSTASH_NEXT_SIGNING_KEY });
    expect((await deliver({ name: CLEANUP, body: '', signature })).status).toBe(200);
    expect(await codesOf(accountId)).toHaveLength(0);
  });

  it('answers 404 to a signed call for a job it does not know', async () => {
    const response = await deliver({
      name: 'no-such-job',
      body: '{}',
      signature: await sign('no-such-job', '{}'),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
  });
});
