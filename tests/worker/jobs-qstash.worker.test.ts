import { env } from 'cloudflare:workers';
import { Client } from '@upstash/qstash';
import { describe, expect, it } from 'vitest';
import { jobUrl, QStashJobs, syncSchedules } from '../../functions/ports/jobs-qstash';
import { schedules } from '../../schedules';
import type { PublishedMessage } from '../fakes/qstash';
import { signQStashDelivery } from '../fakes/qstash-signature';
import { deliver } from './support/jobs';

const client = () => new Client({ baseUrl: env.QSTASH_URL, token: env.QSTASH_TOKEN, devMode: false });

async function published(destination: string): Promise<PublishedMessage[]> {
  const response = await fetch(`${env.QSTASH_URL}/__fake/messages`);
  const { messages } = await response.json<{ messages: PublishedMessage[] }>();
  return messages.filter((message) => message.destination === destination);
}

describe('QStashJobs (the production jobs port)', () => {
  it('publishes JSON to the job URL with the delay and the dedup id', async () => {
    const jobs = new QStashJobs(client(), env.PUBLIC_URL);
    const name = `respond-${crypto.randomUUID()}`;
    await jobs.enqueue({ name, payload: { chatId: 'c1' }, delaySeconds: 60, dedupId: `${name}:c1` });
    await jobs.enqueue({ name, payload: { chatId: 'c1' }, delaySeconds: 60, dedupId: `${name}:c1` });
    const [first, second] = await published(jobUrl(env.PUBLIC_URL, name));
    expect(first).toMatchObject({
      body: '{"chatId":"c1"}',
      contentType: 'application/json',
      delay: '60s',
      deduplicationId: `${name}:c1`,
      deduplicated: false,
    });
    expect(second).toMatchObject({ messageId: first?.messageId, deduplicated: true });
  });

  it('publishes what the receiver accepts once QStash signs it', async () => {
    const name = 'schedule:cleanup-expired-auth';
    const before = (await published(jobUrl(env.PUBLIC_URL, name))).length;
    await new QStashJobs(client(), env.PUBLIC_URL).enqueue({ name, payload: null });
    const message = (await published(jobUrl(env.PUBLIC_URL, name)))[before];
    if (!message) throw new Error('nothing published');
    const signature = await signQStashDelivery({
      signingKey: env.QSTASH_CURRENT_SIGNING_KEY,
      url: message.destination,
      body: message.body,
    });
    const response = await deliver({ name, url: message.destination, body: message.body, signature });
    expect(response.status).toBe(200);
  });

  it('syncs cron schedules: one per definition, updated in place, stale ones removed', async () => {
    const qstash = client();
    const first = await syncSchedules(qstash, env.PUBLIC_URL, [
      ...schedules,
      { id: 'retired', cron: '0 * * * *' },
    ]);
    expect(first.upserted).toEqual([
      'schedule-cleanup-expired-auth',
      'schedule-engine-sweep',
      'schedule-subscription-renewal',
      'schedule-payment-reconcile',
      'schedule-messenger-instances',
      'schedule-chat-streams',
      'schedule-storage-billing',
      'schedule-retired',
    ]);
    const second = await syncSchedules(qstash, env.PUBLIC_URL, schedules);
    expect(second.deleted).toEqual(['schedule-retired']);
    const listed = await qstash.schedules.list();
    expect(listed).toEqual([
      expect.objectContaining({
        scheduleId: 'schedule-cleanup-expired-auth',
        cron: '17 3 * * *',
        destination: jobUrl(env.PUBLIC_URL, 'schedule:cleanup-expired-auth'),
      }),
      expect.objectContaining({
        scheduleId: 'schedule-engine-sweep',
        cron: '* * * * *',
        destination: jobUrl(env.PUBLIC_URL, 'schedule:engine-sweep'),
      }),
      expect.objectContaining({
        scheduleId: 'schedule-subscription-renewal',
        cron: '7 * * * *',
        destination: jobUrl(env.PUBLIC_URL, 'schedule:subscription-renewal'),
      }),
      expect.objectContaining({
        scheduleId: 'schedule-payment-reconcile',
        cron: '*/15 * * * *',
        destination: jobUrl(env.PUBLIC_URL, 'schedule:payment-reconcile'),
      }),
      expect.objectContaining({
        scheduleId: 'schedule-messenger-instances',
        cron: '23 3 * * *',
        destination: jobUrl(env.PUBLIC_URL, 'schedule:messenger-instances'),
      }),
      expect.objectContaining({
        scheduleId: 'schedule-chat-streams',
        cron: '* * * * *',
        destination: jobUrl(env.PUBLIC_URL, 'schedule:chat-streams'),
      }),
      expect.objectContaining({
        scheduleId: 'schedule-storage-billing',
        cron: '17 * * * *',
        destination: jobUrl(env.PUBLIC_URL, 'schedule:storage-billing'),
      }),
    ]);
  });
});
