import * as v from 'valibot';
import type { AppSettings, Ports } from '../ports';
import { RESPOND_JOB, RESTORE_JOB } from './job-names';
import { respond } from './respond';
import { restoreDialogue } from './restore';

/** An engine job: the delivered payload, with the ports and settings of whoever runs it. */
export type EngineJobHandler = (payload: unknown, ports: Ports, settings: AppSettings) => Promise<void>;

const respondPayload = v.object({
  chatId: v.pipe(v.string(), v.uuid()),
  upToMessageId: v.pipe(v.string(), v.uuid()),
  attempt: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100))),
  holdWaits: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000))),
});

const restorePayload = v.object({
  chatId: v.pipe(v.string(), v.uuid()),
  replyId: v.pipe(v.string(), v.uuid()),
});

/** The engine's jobs by name; the local runner registers them, the Worker's job receiver runs them. */
export const engineJobs: Readonly<Record<string, EngineJobHandler>> = {
  [RESPOND_JOB]: async (payload, ports, settings) => {
    const parsed = v.safeParse(respondPayload, payload);
    // A malformed payload can never succeed; retrying it would only repeat the failure.
    if (!parsed.success) return console.error(`${RESPOND_JOB}: malformed payload`, payload);
    await respond({ ports, settings }, parsed.output);
  },
  [RESTORE_JOB]: async (payload, ports, settings) => {
    const parsed = v.safeParse(restorePayload, payload);
    if (!parsed.success) return console.error(`${RESTORE_JOB}: malformed payload`, payload);
    await restoreDialogue({ ports, settings }, parsed.output);
  },
};
