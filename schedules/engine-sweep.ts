import { sweepEngine } from '../functions/engine/sweep';
import { sweepEventWebhooks } from '../functions/services/event-webhooks/sweep';
import type { ScheduleDefinition } from './schedule';

/**
 * The engine's safety net: answers and deliveries a crashed or lost run left behind (sweep.ts), and
 * event webhook deliveries whose job was lost (services/event-webhooks/sweep.ts).
 */
export const engineSweep: ScheduleDefinition = {
  id: 'engine-sweep',
  cron: '* * * * *',
  intervalSeconds: 60,
  handler: async (ports, settings) => {
    await sweepEngine({ ports, settings });
    await sweepEventWebhooks(ports);
  },
};
