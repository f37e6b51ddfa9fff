import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { requireAccount } from '../../http/require-account';
import { createPaymentLinkHandlers } from './create-payment-link';
import {
  createInvoiceHandlers,
  getRequisitesHandlers,
  suggestBankHandlers,
  suggestPartyHandlers,
} from './invoices';
import { receiveNotificationHandlers } from './receive-notification';

/** SPEC §7 payments: the payment link, invoices and requisites; providers' notifications (public). */
export const paymentRoutes = new Hono<AppEnv>()
  .post('/notify/:provider', ...receiveNotificationHandlers)
  .use('*', requireAccount)
  .post('/link', ...createPaymentLinkHandlers)
  .get('/requisites', ...getRequisitesHandlers)
  .post('/invoice', ...createInvoiceHandlers)
  .get('/suggest/party', ...suggestPartyHandlers)
  .get('/suggest/bank', ...suggestBankHandlers);
