import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, bots, chats, integrations } from '../../db/schema';
import { schedules } from '../../schedules';
import { type FakeWappi, startFakeWappi } from '../fakes/wappi';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiClient, type Call } from './support/client';
import { addMoney, endDemo } from './support/money';
import { type WappiTestbed, wappiTestbed } from './support/wappi';

let t: TestApp;
let call: Call;
let wappi: FakeWappi;
let bed: WappiTestbed;

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  wappi = await startFakeWappi();
  t = await createTestApp({
    settings: { publicUrl: 'https://bots.example.com', apiRoots: { wappi: wappi.url } },
  });
  call = apiClient(t);
  bed = wappiTestbed(t, call, wappi);
});

afterAll(async () => {
  await t.close();
  await wappi.close();
});

const runDaily = async () => {
  const schedule = schedules.find((one) => one.id === 'messenger-instances');
  if (!schedule) throw new Error('no messenger-instances schedule');
  await schedule.handler(t.ports, t.settings);
};

/** An owner with a connected Wappi profile and a bot answering in it, whose demo has ended. */
async function unpaidOwner() {
  const connected = await bed.connectedOwner({ process_scheme: 'instant' });
  const [account] = await t.db.select().from(accounts).where(eq(accounts.email, connected.owner.email));
  if (!account) throw new Error('no account');
  await endDemo(t, account.id);
  return { ...connected, account };
}

/** The deletion notices the owner got (sign-up mail aside). */
const mailsTo = (email: string) =>
  t.mail.sent.filter((mail) => mail.to === email && mail.subject.includes('Wappi'));

describe('messenger instances without a paid subscription', () => {
  it('mails the owner once, then deletes the profile the next day and touches nothing else', async () => {
    const c = await unpaidOwner();

    await runDaily();
    await runDaily();
    const notices = mailsTo(c.owner.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toContain('Wappi');
    expect(notices[0]?.text).toContain('Завтра');
    expect(wappi.profiles.has(c.profile.profileId)).toBe(true);

    t.clock.advance(DAY / 2);
    await runDaily();
    expect(wappi.profiles.has(c.profile.profileId)).toBe(true);

    t.clock.advance(DAY / 2 + 1000);
    await runDaily();
    expect(wappi.profiles.has(c.profile.profileId)).toBe(false);
    const view = (await call('GET', `/api/integrations/${c.integrationId}`, { token: c.owner.token })).json;
    expect(view).toMatchObject({ connected: false, activated: true });
    expect(view.connection_data.profile_id).toBe(c.profile.profileId);
    // The bot, its binding and the account's other data stay.
    const [bot] = await t.db
      .select()
      .from(bots)
      .where(eq(bots.id, c.botId as string));
    expect(bot?.conditions.channels).toContain(c.integrationId);

    await runDaily();
    expect(mailsTo(c.owner.email)).toHaveLength(1);
  });

  it('keeps a paid instance, and paying after the e-mail cancels the deletion', async () => {
    const c = await unpaidOwner();
    await runDaily();
    expect(mailsTo(c.owner.email)).toHaveLength(1);

    await addMoney(t, c.account.id, c.account.currency, 1_000_000);
    const bought = await call('POST', '/api/subscription/new', {
      token: c.owner.token,
      body: { items: [{ kind: 'wappi', quantity: 1 }], term: '1m' },
    });
    expect(bought.status, JSON.stringify(bought.json)).toBe(201);

    t.clock.advance(DAY + 1000);
    await runDaily();
    expect(wappi.profiles.has(c.profile.profileId)).toBe(true);
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, c.integrationId));
    expect(row?.instanceNoticeAt).toBeNull();
    expect(mailsTo(c.owner.email)).toHaveLength(1);
  });

  it('leaves instances under the demo alone', async () => {
    const c = await bed.connectedOwner();
    t.clock.advance(DAY + 1000);
    await runDaily();
    expect(mailsTo(c.owner.email)).toHaveLength(0);
    expect(wappi.profiles.has(c.profile.profileId)).toBe(true);
    const [chat] = await t.db.select().from(chats).where(eq(chats.integrationId, c.integrationId));
    expect(chat).toBeUndefined();
  });
});
