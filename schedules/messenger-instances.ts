import { sweepMessengerInstances } from '../functions/services/integrations/messenger-instances';
import type { ScheduleDefinition } from './schedule';

/** Daily: unpaid messenger instances get their e-mail, and a day later are deleted (SPEC §4, §9). */
export const messengerInstances: ScheduleDefinition = {
  id: 'messenger-instances',
  cron: '23 3 * * *',
  intervalSeconds: 24 * 60 * 60,
  handler: async (ports, settings) => {
    const sweep = await sweepMessengerInstances(ports, settings);
    if (sweep.noticed || sweep.removed) console.log('messenger instances', sweep);
  },
};
