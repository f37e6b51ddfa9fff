import { billStorageDay } from '../functions/services/knowledge/storage-billing';
import type { ScheduleDefinition } from './schedule';

/**
 * Each account pays for the space its storages use once per UTC day (SPEC §9). It runs hourly: a
 * run that failed or missed accounts is made good by the next, and a second run of a day charges nothing.
 */
export const storageBilling: ScheduleDefinition = {
  id: 'storage-billing',
  cron: '17 * * * *',
  intervalSeconds: 60 * 60,
  handler: async (ports) => {
    const result = await billStorageDay(ports, ports.clock.now());
    if (result.billed) console.log('storage billed', result);
  },
};
