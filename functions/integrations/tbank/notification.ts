import type { Integration } from '../../../db/schema';
import { paymentEventOf, readTbankNotification } from '../../payments/tbank/notification';
import type { PaymentEvent } from '../../ports/payments';
import type { ServiceContext } from '../../services/context';
import { asRecord } from '../../shared/as-record';
import { PAYMENT_VARIABLES, rublesText } from '../../shared/tbank-link';
import { accountLanguage } from '../booking/bookings';
import type { DealMoved, InboundAdapter, WebhookDelivery } from '../module';
import { TbankNotReady, type TbankTerminal, tbankTerminal } from './account';
import { isCheckOrder } from './connect';
import { markLinkPaid, storedLink } from './orders';
import { setChatVariables } from './variables';

/**
 * T-Bank's notifications of the links' payments (reference/payments.md §1.7) at the integration's
 * own address, /api/webhooks/tbank/{id}: the Token is checked with the integration's password and
 * its TerminalKey must be the integration's (otherwise 401, nothing marked); T-Bank is answered
 * exactly "OK". A CONFIRMED payment of one of our links marks its dialogue once: a system line
 * «Оплачено», the variables payment_status, paid_amount and payment_order_id for the bot and its
 * CRM actions, and, when the action asks for it, the dialogue's deal moved to the chosen CRM status
 * (idempotent; the outcome is a system line in the chat). Every other status, a fiscal receipt and an order we did not make are acknowledged.
 */

const paidLine = (lang: 'ru' | 'en', amount: number, product: string) =>
  lang === 'en'
    ? `Paid: ${rublesText(amount)} RUB for «${product}» (T-Bank)`
    : `Оплачено: ${rublesText(amount)} ₽ за «${product}» (Т-Банк)`;

const dealLine = (lang: 'ru' | 'en', moved: DealMoved) =>
  lang === 'en'
    ? moved.ok
      ? `Deal moved after the payment: ${moved.detail}`
      : `The deal was not moved after the payment: ${moved.detail}`
    : moved.ok
      ? `Сделка переведена после оплаты: ${moved.detail}`
      : `Сделку не удалось перевести после оплаты: ${moved.detail}`;

type FollowUp = NonNullable<WebhookDelivery['followUp']>;

async function markPaid(
  ctx: ServiceContext,
  integration: Integration,
  event: PaymentEvent,
  note: Parameters<FollowUp>[3],
  moveDeal: Parameters<FollowUp>[4],
): Promise<void> {
  const link = await storedLink(ctx, integration.accountId, integration.id, event.orderId);
  if (!link || link.paid_at) return;
  const lang = await accountLanguage(ctx, integration.accountId);
  // Each step repeats harmlessly, and the mark comes last: a delivery cut short is finished by the next one.
  await note(
    link.chat_id,
    `tbank:paid:${event.orderId}`,
    paidLine(lang, event.amountMinor, link.product_name),
  );
  await setChatVariables(ctx, integration.accountId, link.chat_id, {
    [PAYMENT_VARIABLES.status]: 'paid',
    [PAYMENT_VARIABLES.amount]: rublesText(event.amountMinor),
    [PAYMENT_VARIABLES.orderId]: event.orderId,
  });
  if (link.on_paid) {
    const { integration_id, ...target } = link.on_paid;
    const moved = await moveDeal(link.chat_id, integration_id, target);
    await note(link.chat_id, `tbank:deal:${event.orderId}`, dealLine(lang, moved));
  }
  await markLinkPaid(ctx, integration.accountId, event.orderId, {
    at: ctx.ports.clock.now(),
    amount: event.amountMinor,
  });
}

export const tbankInbound: InboundAdapter = {
  acknowledgement: 'OK',
  receivesWhenOff: true,
  async verify(settings, integration, request) {
    let terminal: TbankTerminal;
    try {
      terminal = await tbankTerminal(settings, integration);
    } catch (error) {
      if (error instanceof TbankNotReady) return false;
      throw error;
    }
    const { terminalKey, password } = terminal;
    const read = await readTbankNotification(request.raw, { terminalKey, password });
    return read.kind !== 'rejected';
  },
  parse(_integration, request) {
    const body = asRecord(request.body);
    if (typeof body.Status !== 'string') return null;
    const event = paymentEventOf(body);
    if (event?.state !== 'paid' || isCheckOrder(event.orderId)) return { messages: [] };
    return {
      messages: [],
      followUp: (ctx, integration, _receive, note, moveDeal) =>
        markPaid(ctx, integration, event, note, moveDeal),
    };
  },
};
