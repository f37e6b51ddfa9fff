import { and, eq, sql } from 'drizzle-orm';
import { accountRequisites, type Purse, transactions } from '../../../db/schema';
import type { InvoiceRequisites } from '../../payments/invoice/requisites';
import { checkRequisites } from '../../payments/invoice/requisites';
import { AppError, notFound } from '../../shared/app-error';
import { formatMoney } from '../../shared/money';
import { TOP_UP_LIMITS_MINOR } from '../../shared/schemas/payment';
import { hit, type Limit } from '../auth/rate-limit';
import type { AccountContext } from '../context';
import { requirePartner } from '../partner/partner-only';
import { lockedCurrency, openInvoiceCount } from './open-payments';
import { transactionView } from './transaction-view';

/** Unpaid invoices an account may have from the last OPEN_INVOICE_DAYS days; older ones stop counting. */
export const MAX_OPEN_INVOICES = 10;
export const OPEN_INVOICE_DAYS = 30;
/** Invoices issued per account and hour, whatever became of them. */
export const INVOICE_CREATION_LIMIT: Limit = { scope: 'invoice:account', max: 20, windowSeconds: 60 * 60 };

/** Invoices are Russian documents for Russian companies: rub accounts, with our company configured. */
export const invoicesAvailable = (ctx: AccountContext) =>
  ctx.account.currency === 'rub' && ctx.settings.invoiceSeller !== undefined;

/** GET /api/payment/requisites: the details the account last invoiced with, to prefill the form. */
export async function getRequisites(ctx: AccountContext) {
  const [row] = await ctx.ports.db
    .select({ data: accountRequisites.data })
    .from(accountRequisites)
    .where(eq(accountRequisites.accountId, ctx.account.id));
  return {
    requisites: row?.data ?? null,
    available: invoicesAvailable(ctx),
    suggestions: ctx.settings.dadata !== undefined,
  };
}

function checkedRequisites(input: Record<string, string | null | undefined>): InvoiceRequisites {
  const checked = checkRequisites(input);
  if (checked.ok) return checked.value;
  const fields = Object.fromEntries(
    Object.entries(checked.fields).map(([name, key]) => [`requisites.${name}`, key]),
  );
  const anyEmpty = Object.values(checked.fields).includes('invoice_fields_required');
  throw new AppError('validation_failed', anyEmpty ? 'invoice_fields_required' : 'validation_failed', {
    fields,
  });
}

/**
 * POST /api/payment/invoice: checks every §3 field (control digits included), keeps the details for
 * next time, and issues a numbered invoice as a "not paid" transaction; the PDF is drawn from it.
 */
export async function createInvoice(
  ctx: AccountContext,
  input: { amount_minor: number; requisites: Record<string, string | null | undefined>; purse?: Purse },
) {
  if (!invoicesAvailable(ctx)) throw new AppError('invoices_not_configured');
  if (input.purse === 'partner') requirePartner(ctx);
  const requisites = checkedRequisites(input.requisites);
  const limits = TOP_UP_LIMITS_MINOR.rub;
  if (input.amount_minor < limits.min || input.amount_minor > limits.max) {
    throw new AppError('validation_failed', 'validation_failed', {
      fields: { amount_minor: 'amount_range' },
      params: {
        min: formatMoney(limits.min, 'rub', ctx.lang),
        max: formatMoney(limits.max, 'rub', ctx.lang),
      },
    });
  }
  const now = ctx.ports.clock.now();
  const data: Record<string, string | null> = { ...requisites };
  const row = await ctx.ports.db.transaction(async (tx) => {
    // Under the account's lock: parallel requests cannot pass the cap together, nor a currency change.
    if ((await lockedCurrency(tx, ctx.account.id)) !== 'rub') throw new AppError('invoices_not_configured');
    const recent = new Date(now.getTime() - OPEN_INVOICE_DAYS * 86_400_000);
    if ((await openInvoiceCount(tx, ctx.account.id, recent)) >= MAX_OPEN_INVOICES) {
      throw new AppError('invoices_limit', 'invoices_limit', {
        params: { max: MAX_OPEN_INVOICES, days: OPEN_INVOICE_DAYS },
      });
    }
    await hit(ctx.ports.kv, INVOICE_CREATION_LIMIT, ctx.account.id);
    await tx
      .insert(accountRequisites)
      .values({ accountId: ctx.account.id, data, updatedAt: now })
      .onConflictDoUpdate({ target: accountRequisites.accountId, set: { data, updatedAt: now } });
    const [issued] = await tx
      .insert(transactions)
      .values({
        accountId: ctx.account.id,
        operation: 'invoice',
        status: 'not_paid',
        amountMinor: input.amount_minor,
        currency: 'rub',
        provider: 'invoice',
        purse: input.purse ?? 'account',
        invoiceNumber: sql`nextval('invoice_numbers')`,
        requisites: data,
        createdAt: now,
      })
      .returning();
    return issued;
  });
  if (!row) throw new Error('the invoice was not stored');
  const view = transactionView(row);
  return { transaction: view, invoice_url: view.invoice_url };
}

/** One of the account's invoices (404 for another account's or a malformed id). */
export async function ownInvoice(ctx: AccountContext, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
  const [row] = await ctx.ports.db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.id, id),
        eq(transactions.accountId, ctx.account.id),
        eq(transactions.operation, 'invoice'),
      ),
    );
  if (!row || row.invoiceNumber === null) throw notFound();
  return row;
}
