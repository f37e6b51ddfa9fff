import type { Ports } from '../../ports';
import { type DeliverPayload, EVENT_WEBHOOK_DELIVER_JOB, endpointJobGroup } from './job-names';

/**
 * Asks the delivery job to look at these endpoints' due deliveries, after the event's transaction
 * committed. A nudge that is lost (the process died between the commit and here) costs a minute:
 * the every-minute sweep finds due deliveries itself (sweep.ts). No endpoints, nothing to do.
 */
export async function nudgeEndpoints(
  ports: Pick<Ports, 'jobs'>,
  endpointIds: Iterable<string>,
  delaySeconds = 0,
): Promise<void> {
  for (const endpointId of new Set(endpointIds)) {
    const payload: DeliverPayload = { endpointId };
    await ports.jobs.enqueue({
      name: EVENT_WEBHOOK_DELIVER_JOB,
      payload,
      delaySeconds,
      groupKey: endpointJobGroup(endpointId),
    });
  }
}
