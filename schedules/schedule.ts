import type { AppSettings, Ports } from '../functions/ports';

export interface ScheduleDefinition {
  id: string;
  /** QStash cron expression (UTC) for the production shape. */
  cron: string;
  /** The same cadence for the embedded shape's runner. */
  intervalSeconds: number;
  handler: (ports: Ports, settings: AppSettings) => Promise<void>;
}
