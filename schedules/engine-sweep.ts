import { sweepEngine } from '../functions/engine/sweep';
import type { ScheduleDefinition } from './schedule';

/** The engine's safety net: answers and deliveries a crashed or lost run left behind (sweep.ts). */
export const engineSweep: ScheduleDefinition = {
  id: 'engine-sweep',
  cron: '* * * * *',
  intervalSeconds: 60,
  handler: async (ports, settings) => {
    await sweepEngine({ ports, settings });
  },
};
