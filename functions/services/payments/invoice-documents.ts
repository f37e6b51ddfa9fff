import type { Transaction } from '../../../db/schema';
import type { InvoiceRequisites } from '../../payments/invoice/requisites';
import { calendarDate, documentTexts } from '../../payments/invoice/texts';
import { AppError, notFound } from '../../shared/app-error';
import type { AccountContext } from '../context';
import { ownInvoice } from './invoices';
import { storedDocument } from './stored-document';

/** The product as invoices name it. */
export const PRODUCT_NAME = 'Конструктор ботов';

function parts(ctx: AccountContext, row: Transaction) {
  const seller = ctx.settings.invoiceSeller;
  if (!seller) throw new AppError('invoices_not_configured');
  return {
    seller,
    buyer: row.requisites as unknown as InvoiceRequisites,
    items: [
      {
        name: documentTexts.topUpItem(PRODUCT_NAME),
        quantity: 1,
        unit: documentTexts.units.service,
        price: row.amountMinor,
      },
    ],
    invoice: { number: row.invoiceNumber ?? 0, date: calendarDate(row.createdAt) },
  };
}

/** Where an invoice's PDF is kept once rendered (by the transaction's id). */
export const invoicePdfKey = (id: string) => `invoice-pdf/${id.toLowerCase()}`;
export const actPdfKey = (id: string) => `act-pdf/${id.toLowerCase()}`;

/** GET /api/transactions/{id}/invoice: the invoice PDF, drawn once from what was issued. */
export async function invoicePdf(ctx: AccountContext, id: string) {
  const row = await ownInvoice(ctx, id);
  const { seller, buyer, items, invoice } = parts(ctx, row);
  const pdf = await storedDocument(ctx.ports.files, invoicePdfKey(row.id), () =>
    ctx.ports.pdf.invoice({ ...invoice, seller, buyer, items }),
  );
  return { pdf, filename: `invoice-${invoice.number}.pdf` };
}

/** GET /api/transactions/{id}/act: the act (акт) of a paid invoice. */
export async function actPdf(ctx: AccountContext, id: string) {
  const row = await ownInvoice(ctx, id);
  if (row.actNumber === null || !row.paidAt) throw notFound();
  const { seller, buyer, items, invoice } = parts(ctx, row);
  const { actNumber, paidAt } = row;
  const pdf = await storedDocument(ctx.ports.files, actPdfKey(row.id), () =>
    ctx.ports.pdf.act({ number: actNumber, date: calendarDate(paidAt), invoice, seller, buyer, items }),
  );
  return { pdf, filename: `act-${row.actNumber}.pdf` };
}
