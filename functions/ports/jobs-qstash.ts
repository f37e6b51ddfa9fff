import type { Client } from '@upstash/qstash';
import type { JobRequest, Jobs } from './jobs';

/** Where QStash delivers the job `name`; the receiver checks the signature against this same URL. */
export function jobUrl(publicUrl: string, name: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/jobs/${encodeURIComponent(name)}`;
}

/** The job name a recurring schedule runs under, the same in every shape (see jobs-local.ts). */
export const scheduleJobName = (id: string) => `schedule:${id}`;

/**
 * Production jobs: QStash holds each job (delay, dedup id, retries) and POSTs it, signed, to
 * `/api/jobs/:name` of this API, where the receiver route runs the handler.
 */
export class QStashJobs implements Jobs {
  constructor(
    private readonly client: Client,
    private readonly publicUrl: string,
  ) {}

  async enqueue(request: JobRequest): Promise<void> {
    await this.client.publishJSON({
      url: jobUrl(this.publicUrl, request.name),
      body: request.payload ?? null,
      ...(request.delaySeconds ? { delay: request.delaySeconds } : {}),
      ...(request.dedupId ? { deduplicationId: request.dedupId } : {}),
      ...(request.groupKey ? { flowControl: { key: request.groupKey, parallelism: 1 } } : {}),
    });
  }
}

export interface CronDefinition {
  id: string;
  cron: string;
}

const SCHEDULE_PREFIX = 'schedule-';

/**
 * Makes QStash's cron schedules match `definitions`: creates or updates one per definition (the
 * schedule id makes this idempotent) and deletes ours that are no longer defined. Run after a deploy.
 */
export async function syncSchedules(
  client: Client,
  publicUrl: string,
  definitions: CronDefinition[],
): Promise<{ upserted: string[]; deleted: string[] }> {
  const wanted = new Set<string>();
  for (const definition of definitions) {
    const scheduleId = `${SCHEDULE_PREFIX}${definition.id}`;
    wanted.add(scheduleId);
    await client.schedules.create({
      scheduleId,
      destination: jobUrl(publicUrl, scheduleJobName(definition.id)),
      cron: definition.cron,
      body: 'null',
    });
  }
  const stale = (await client.schedules.list())
    .map((schedule) => schedule.scheduleId)
    .filter((id) => id.startsWith(SCHEDULE_PREFIX) && !wanted.has(id));
  for (const id of stale) await client.schedules.delete(id);
  return { upserted: [...wanted], deleted: stale };
}
