import { cleanupExpiredAuth } from './cleanup-auth';
import { engineSweep } from './engine-sweep';
import type { ScheduleDefinition } from './schedule';

/** Every recurring job. QStash schedules call them by cron in production; the local runner by interval. */
export const schedules: ScheduleDefinition[] = [cleanupExpiredAuth, engineSweep];
