import type { Integration } from '../../../db/schema';
import { createTbankClient, DEFAULT_TBANK_API_ROOT, type TbankClient } from '../../payments/tbank/client';
import { checkFiscalSettings, type TbankFiscal } from '../../payments/tbank/receipt';
import type { AppSettings } from '../../ports';
import { asRecord } from '../../shared/as-record';
import { MAX_LINK_AMOUNT, MIN_LINK_AMOUNT } from '../../shared/tbank-link';
import { openConnectionSecret } from '../connection-secrets';
import { apiRootFor, fetchFor } from '../module';

/** The integration lacks what a payment needs (no terminal, no product, a receipt T-Bank refuses). */
export class TbankNotReady extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'TbankNotReady';
  }
}

export interface TbankTerminal {
  terminalKey: string;
  password: string;
  client: TbankClient;
}

/**
 * The business's own terminal: T-Bank's API (TBANK_API_ROOT, the one our billing uses too) signed
 * with its key and password. Throws SecretUnreadable when a sealed one does not open, TbankNotReady
 * when one is missing.
 */
export async function tbankTerminal(settings: AppSettings, integration: Integration): Promise<TbankTerminal> {
  const terminalKey = await openConnectionSecret(settings.secretsKey, integration, 'terminal_key');
  const password = await openConnectionSecret(settings.secretsKey, integration, 'password');
  if (!terminalKey || !password) throw new TbankNotReady('no terminal key or password');
  return {
    terminalKey,
    password,
    client: createTbankClient({
      terminalKey,
      password,
      apiRoot: apiRootFor(settings, 'tbank', DEFAULT_TBANK_API_ROOT),
      fetch: fetchFor(settings, 'tbank'),
    }),
  };
}

/** What a payment link is for, as the owner set it up. */
export interface LinkSettings {
  productName: string;
  shopName: string;
  /** Kopecks. */
  amount: number;
  currency: 'rub';
  fiscal: TbankFiscal;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The product, its amount and the receipt's settings in T-Bank's spellings; throws TbankNotReady. */
export function linkSettingsOf(integration: Pick<Integration, 'connectionData'>): LinkSettings {
  const data = asRecord(integration.connectionData);
  const productName = text(data.product_name);
  if (!productName) throw new TbankNotReady('no product name');
  const amount = data.amount;
  if (
    typeof amount !== 'number' ||
    !Number.isSafeInteger(amount) ||
    amount < MIN_LINK_AMOUNT ||
    amount > MAX_LINK_AMOUNT
  )
    throw new TbankNotReady('no amount');
  const check = checkFiscalSettings({
    taxation: data.taxation ?? undefined,
    tax: data.tax ?? undefined,
    paymentMethod: data.payment_method ?? undefined,
    paymentObject: data.payment_object ?? undefined,
  });
  if (!check.ok)
    throw new TbankNotReady(
      check.problems.map((problem) => `${problem.setting}: ${problem.reason}`).join('; '),
    );
  return { productName, shopName: text(data.shop_name), amount, currency: 'rub', fiscal: check.fiscal };
}

/** The payment form's description (140 characters at most): the shop's name and the product. */
export const descriptionOf = (link: LinkSettings) =>
  (link.shopName ? `${link.shopName}: ${link.productName}` : link.productName).slice(0, 140);
