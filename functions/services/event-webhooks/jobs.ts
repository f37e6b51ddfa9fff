import type { EngineJobHandler } from '../../engine/jobs';
import { deliverEndpointJob } from './deliver-job';
import { EVENT_WEBHOOK_DELIVER_JOB } from './job-names';

/** The event webhooks' jobs by name (registered beside the engine's: functions/jobs.ts). */
export const eventWebhookJobs: Readonly<Record<string, EngineJobHandler>> = {
  [EVENT_WEBHOOK_DELIVER_JOB]: deliverEndpointJob,
};
