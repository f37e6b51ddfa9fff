import type { AppSettings, Ports } from '../../ports';
import type { PaymentProviderName } from '../../ports/payments';
import { applyPaymentEvent } from './apply-payment-event';

export type NotificationAnswer =
  | { kind: 'unknown_provider' }
  | { kind: 'rejected' }
  | { kind: 'accepted'; body: string; contentType: string };

/**
 * A provider's notification: verified by its signature (a forgery changes nothing and answers 401),
 * then each payment event applied once. The provider's expected answer ("OK" for T-Bank) goes back
 * only after the events are stored, so a crash in between is redelivered.
 */
export async function receivePaymentNotification(
  ports: Ports,
  settings: AppSettings,
  providerName: string,
  request: { body: string; headers: Headers },
): Promise<NotificationAnswer> {
  const provider =
    providerName === 'tbank' || providerName === 'stripe'
      ? ports.payments.byName(providerName as PaymentProviderName)
      : null;
  if (!provider) return { kind: 'unknown_provider' };
  const result = await provider.readNotification(request);
  if (result.kind === 'rejected') return { kind: 'rejected' };
  if (result.kind === 'events') {
    for (const event of result.events) {
      const applied = await applyPaymentEvent(ports.db, settings, provider.name, event, ports.clock.now());
      // Another product on the same terminal or Stripe account, or an order long gone: answered as
      // handled (a refusal would be redelivered for a day and may disable the endpoint), credited nothing.
      if (applied === 'unknown')
        console.warn(
          `${provider.name} notification for an order that is not ours: ${JSON.stringify(event.orderId.slice(0, 64))} (${event.providerStatus})`,
        );
    }
  }
  return { kind: 'accepted', ...provider.notificationAnswer };
}
