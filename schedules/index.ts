import { chatStreams } from './chat-streams';
import { cleanupExpiredAuth } from './cleanup-auth';
import { engineSweep } from './engine-sweep';
import { messengerInstances } from './messenger-instances';
import { paymentReconcile } from './payment-reconcile';
import type { ScheduleDefinition } from './schedule';
import { storageBilling } from './storage-billing';
import { subscriptionRenewal } from './subscriptions';

/** Every recurring job. QStash schedules call them by cron in production; the local runner by interval. */
export const schedules: ScheduleDefinition[] = [
  cleanupExpiredAuth,
  engineSweep,
  subscriptionRenewal,
  paymentReconcile,
  messengerInstances,
  chatStreams,
  storageBilling,
];
