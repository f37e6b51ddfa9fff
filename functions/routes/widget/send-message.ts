import { jsonBody } from '../../http/validate';
import { sendWidgetMessage } from '../../services/widget/send-widget-message';
import { widgetMessageSchema } from '../../shared/schemas/widget';
import { widgetFactory, widgetServiceContext } from './widget-env';

/**
 * 202: the message is stored; the answer follows in the visitor's room. A customer's U+0000 (which
 * Postgres cannot store) is dropped rather than the message.
 */
export const sendMessageHandlers = widgetFactory.createHandlers(
  jsonBody(widgetMessageSchema, { nul: 'strip' }),
  async (c) =>
    c.json(await sendWidgetMessage(widgetServiceContext(c), c.var.widget, c.req.valid('json')), 202),
);
