import type { Integration } from '../../../db/schema';
import { buildReceipt } from '../../payments/tbank/receipt';
import { PaymentProviderError } from '../../ports/payments';
import { SecretUnreadable } from '../../secrets/secret-box';
import type { AccountContext } from '../../services/context';
import { type ConnectorResult, type IntegrationModule, webhookUrl } from '../module';
import { descriptionOf, linkSettingsOf, TbankNotReady, tbankTerminal } from './account';

/**
 * Connecting checks the terminal the way a link will use it. T-Bank has no "who am I" method
 * (reference/payments.md §1), and an unknown PaymentId in GetState answers an undocumented code,
 * so the one reliable check is the call a link makes: an Init with the configured product, amount
 * and receipt (a wrong key answers 205, a wrong password 204, a receipt the terminal's cash register
 * refuses 3xx), then a Cancel of that payment (NEW → CANCELED: no money moves, nothing to pay).
 * The check's OrderId starts with "check-", so its CANCELED notification is acknowledged and ignored.
 */

const CHECK_PREFIX = 'check-';

export const isCheckOrder = (orderId: string) => orderId.startsWith(CHECK_PREFIX);

async function checkTerminal(integration: Integration, ctx: AccountContext): Promise<ConnectorResult> {
  const link = linkSettingsOf(integration);
  const { client } = await tbankTerminal(ctx.settings, integration);
  const payment = await client.init({
    Amount: link.amount,
    OrderId: `${CHECK_PREFIX}${crypto.randomUUID().replaceAll('-', '').slice(0, 30)}`,
    Description: descriptionOf(link),
    Language: ctx.lang,
    NotificationURL: webhookUrl(ctx.settings, integration),
    Receipt: buildReceipt(
      { name: link.productName, amountMinor: link.amount, email: ctx.account.email },
      link.fiscal,
    ),
  });
  // The terminal is proven by Init; a Cancel that fails leaves a NEW payment to expire in 24 hours.
  await client.cancel({ paymentId: payment.paymentId }).catch((error: unknown) => {
    console.warn(`integration ${integration.id} (tbank): cancelling the check payment failed`, error);
  });
  return { ok: true, connectionData: {} };
}

export const tbankConnection: Pick<IntegrationModule, 'connect'> = {
  async connect(integration, ctx): Promise<ConnectorResult> {
    try {
      return await checkTerminal(integration, ctx);
    } catch (error) {
      if (
        error instanceof PaymentProviderError ||
        error instanceof TbankNotReady ||
        error instanceof SecretUnreadable ||
        error instanceof RangeError
      )
        return { ok: false, reason: error.message };
      throw error;
    }
  },
};
