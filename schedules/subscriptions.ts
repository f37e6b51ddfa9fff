import { noticeExpiredSubscriptions } from '../functions/services/billing/notice-expired';
import { renewDueSubscriptions } from '../functions/services/billing/renew-subscriptions';
import type { ScheduleDefinition } from './schedule';

/**
 * Renewals one day before expiry (SPEC §9) and the History notice of ended ones. Hourly: a QStash
 * cron scan, not a delayed message per subscription (a long delay is not on every plan); each step
 * is idempotent per period.
 */
export const subscriptionRenewal: ScheduleDefinition = {
  id: 'subscription-renewal',
  cron: '7 * * * *',
  intervalSeconds: 60 * 60,
  handler: async (ports, settings) => {
    await renewDueSubscriptions(ports, settings);
    await noticeExpiredSubscriptions(ports);
  },
};
