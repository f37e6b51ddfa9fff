import type { Integration } from '../../../db/schema';
import type { ActionRunner, ToolCallInput } from '../../engine/actions/action-runner';
import type { ToolResult, Turn } from '../../engine/turn';
import { buildReceipt, RECEIPT_EMAIL_LIMIT } from '../../payments/tbank/receipt';
import { PaymentProviderError } from '../../ports/payments';
import { SecretUnreadable } from '../../secrets/secret-box';
import { asRecord } from '../../shared/as-record';
import { CONNECTED_AT } from '../../shared/integration-catalogue';
import { normalizePhone } from '../../shared/phone';
import { safeErrorText } from '../../shared/safe-error';
import { MAX_LINK_AMOUNT, MIN_LINK_AMOUNT, rublesText } from '../../shared/tbank-link';
import { type ActionOf, accountIntegration } from '../crm-action';
import { makeOnce } from '../external-effect';
import { webhookUrl } from '../module';
import { descriptionOf, type LinkSettings, linkSettingsOf, TbankNotReady, tbankTerminal } from './account';
import { linkEffectKey, orderIdOf, type StoredLink } from './orders';

/**
 * Send a payment link (issue #24 §3): when the customer agrees to pay, the model calls it; the
 * business's terminal makes a payment (Init with the receipt, our per-integration NotificationURL)
 * and its PaymentURL goes to the customer in the bot's reply (Turn.mustSay keeps it there whatever
 * the model writes). Exactly once: the OrderId is derived from the action's effect key and the
 * link is an external effect written before Init, so a retried run or a second call in the same
 * answer gives back the same link.
 */

type PaymentLinkAction = ActionOf<'payment_link'>;

interface Outcome {
  ok: boolean;
  say: Record<string, unknown>;
  detail: string;
}

const failed = (detail: string, error = detail): Outcome => ({
  ok: false,
  say: { ok: false, error },
  detail,
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function limitsOf(action: PaymentLinkAction) {
  return {
    min: action.settings.min_amount ?? MIN_LINK_AMOUNT,
    max: action.settings.max_amount ?? MAX_LINK_AMOUNT,
  };
}

export function paymentLinkParameters(action: PaymentLinkAction): Record<string, unknown> {
  const contact = {
    email: { type: 'string', description: "The customer's e-mail for the receipt, if they gave one" },
    phone: {
      type: 'string',
      description: "The customer's phone for the receipt, if they gave one and no e-mail",
    },
  };
  if (!action.settings.amount_override)
    return { type: 'object', properties: contact, additionalProperties: false };
  const { min, max } = limitsOf(action);
  return {
    type: 'object',
    properties: {
      amount: {
        type: 'number',
        description: `The amount to pay in roubles (kopecks after a dot), from ${rublesText(min)} to ${rublesText(max)}; leave it out for the usual price`,
      },
      ...contact,
    },
    additionalProperties: false,
  };
}

/** The amount in kopecks: the product's, or the model's within the action's limits. */
function amountOf(
  action: PaymentLinkAction,
  link: LinkSettings,
  args: Record<string, unknown>,
): number | string {
  if (!action.settings.amount_override || args.amount === undefined || args.amount === null)
    return link.amount;
  const rubles = typeof args.amount === 'string' ? Number(args.amount.replace(',', '.')) : args.amount;
  if (typeof rubles !== 'number' || !Number.isFinite(rubles)) return 'amount must be a number of roubles';
  const kopecks = Math.round(rubles * 100);
  if (Math.abs(kopecks - rubles * 100) > 1e-6) return 'amount has more than two digits after the dot';
  const { min, max } = limitsOf(action);
  if (kopecks < min || kopecks > max)
    return `amount must be from ${rublesText(min)} to ${rublesText(max)} roubles`;
  return kopecks;
}

/** The deal move the action asks for once the link is paid, when it names a CRM and a status. */
function onPaidOf(action: PaymentLinkAction): Pick<StoredLink, 'on_paid'> {
  const { paid_integration_id, paid_pipeline_id, paid_status_id } = action.settings;
  if (!paid_integration_id || !paid_status_id) return {};
  return {
    on_paid: {
      integration_id: paid_integration_id,
      pipeline_id: paid_pipeline_id,
      status_id: paid_status_id,
    },
  };
}

/** Where the receipt goes: the customer's e-mail or phone when known, else the business's e-mail. */
function receiptContact(turn: Turn, args: Record<string, unknown>): { email: string } | { phone: string } {
  const emails = [args.email, turn.variables.email, turn.variables.client_email];
  const email = emails.find(
    (value): value is string => typeof value === 'string' && EMAIL.test(value.trim()),
  );
  if (email && email.trim().length <= RECEIPT_EMAIL_LIMIT) return { email: email.trim() };
  for (const value of [args.phone, turn.variables.phone, turn.chat.customerPhone]) {
    const digits = typeof value === 'string' ? normalizePhone(value) : null;
    if (digits) return { phone: `+${digits}` };
  }
  return { email: turn.account.email };
}

async function makeLink(
  turn: Turn,
  integration: Integration,
  action: PaymentLinkAction,
  call: ToolCallInput,
): Promise<Outcome> {
  const link = linkSettingsOf(integration);
  const args = asRecord(call.arguments);
  const amount = amountOf(action, link, args);
  if (typeof amount === 'string') return failed(amount);
  const orderId = orderIdOf(call.effectKey);
  const { result, again } = await makeOnce<StoredLink>(turn.ctx, turn.account.id, linkEffectKey(orderId), {
    make: async () => {
      const { client } = await tbankTerminal(turn.ctx.settings, integration);
      const payment = await client.init({
        Amount: amount,
        OrderId: orderId,
        Description: descriptionOf(link),
        Language: turn.account.lang,
        NotificationURL: webhookUrl(turn.ctx.settings, integration),
        Receipt: buildReceipt(
          { name: link.productName, amountMinor: amount, ...receiptContact(turn, args) },
          link.fiscal,
        ),
      });
      return {
        order_id: orderId,
        payment_id: payment.paymentId,
        payment_url: payment.paymentUrl,
        amount,
        currency: link.currency,
        product_name: link.productName,
        chat_id: turn.chat.id,
        integration_id: integration.id,
        ...onPaidOf(action),
      };
    },
  });
  turn.mustSay = [...(turn.mustSay ?? []), result.payment_url];
  return {
    ok: true,
    say: {
      ok: true,
      payment_url: result.payment_url,
      amount: rublesText(result.amount),
      currency: 'RUB',
      product: result.product_name,
      note: 'The link is added to your reply as is: tell the customer what they pay for and the amount; never change the link or make up another',
    },
    detail: `${rublesText(result.amount)} RUB, order ${orderId}${again ? ' (made before)' : ''}`,
  };
}

async function outcomeOf(turn: Turn, action: PaymentLinkAction, call: ToolCallInput): Promise<Outcome> {
  const integration = await accountIntegration(turn, action.settings.integration_id);
  if (
    integration?.type !== 'tbank' ||
    !integration.activated ||
    typeof integration.connectionData[CONNECTED_AT] !== 'string'
  )
    return failed('the integration is gone, off or not connected', 'Payments are not connected now');
  return makeLink(turn, integration, action, call);
}

export const paymentLinkRunner: ActionRunner<PaymentLinkAction> = {
  parameters: (action) => paymentLinkParameters(action),
  async run(turn, action, call): Promise<ToolResult> {
    let outcome: Outcome;
    try {
      outcome = await outcomeOf(turn, action, call);
    } catch (error) {
      outcome =
        error instanceof PaymentProviderError
          ? failed(
              `T-Bank refused: ${error.providerCode} ${error.message}`,
              'The bank refused to make the link now',
            )
          : error instanceof TbankNotReady || error instanceof SecretUnreadable || error instanceof RangeError
            ? failed(error.message, 'Payments are not set up; offer another way to pay')
            : failed(
                safeErrorText(error),
                'The bank cannot be reached now; offer to send the link a bit later',
              );
    }
    turn.actions.push({ name: action.name, type: 'payment_link', ok: outcome.ok, detail: outcome.detail });
    return { content: JSON.stringify(outcome.say) };
  },
};
