import { reconcilePayments } from '../functions/services/payments/reconcile-payments';
import type { ScheduleDefinition } from './schedule';

/** Asks the providers about payments whose notification has not come (reconcile-payments.ts). */
export const paymentReconcile: ScheduleDefinition = {
  id: 'payment-reconcile',
  cron: '*/15 * * * *',
  intervalSeconds: 15 * 60,
  handler: reconcilePayments,
};
