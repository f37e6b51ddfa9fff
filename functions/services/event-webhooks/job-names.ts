/** The job that sends an endpoint's due deliveries (deliver-job.ts). */
export const EVENT_WEBHOOK_DELIVER_JOB = 'event_webhooks.deliver';

export interface DeliverPayload {
  endpointId: string;
}

/** One endpoint's runs go one at a time (QStash flow control, the local runner's groups). */
export const endpointJobGroup = (endpointId: string) => `event-webhook-${endpointId}`;
