import type { ScheduleDefinition } from '../../../schedules/schedule';
import { jobHandlers } from '../../jobs';
import type { AppSettings, Ports } from '../../ports';
import { scheduleJobName } from '../../ports/jobs-qstash';

/** Runs one delivered job with the ports of the request that delivered it. */
export type JobRunner = (payload: unknown, ports: Ports) => Promise<void>;

export type JobRunners = ReadonlyMap<string, JobRunner>;

/** Each recurring schedule as a job, under the same name the local runner uses. */
export function scheduleRunners(
  definitions: ScheduleDefinition[],
  settings: AppSettings,
): Map<string, JobRunner> {
  return new Map(
    definitions.map((definition): [string, JobRunner] => [
      scheduleJobName(definition.id),
      (_payload, ports) => definition.handler(ports, settings),
    ]),
  );
}

/** The bot engine's jobs (the delayed answer), with the settings of the isolate that runs them. */
export function engineRunners(settings: AppSettings): Map<string, JobRunner> {
  return new Map(
    Object.entries(jobHandlers).map(([name, handler]): [string, JobRunner] => [
      name,
      (payload, ports) => handler(payload, ports, settings),
    ]),
  );
}
