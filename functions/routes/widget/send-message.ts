import { serviceContext } from '../../http/context';
import { jsonBody } from '../../http/validate';
import { undocumented } from '../../openapi/describe';
import { sendWidgetMessage } from '../../services/widget/send-widget-message';
import { widgetMessageSchema } from '../../shared/schemas/widget';
import { widgetFactory } from './widget-env';

/**
 * 202: the message is stored; the answer follows in the visitor's room. A customer's U+0000 (which
 * Postgres cannot store) is dropped rather than the message.
 */
export const sendMessageHandlers = widgetFactory.createHandlers(
  undocumented("The widget's own calls from the visitor's page (web/widget), not an integrator's API."),
  jsonBody(widgetMessageSchema, { nul: 'strip' }),
  async (c) => c.json(await sendWidgetMessage(serviceContext(c), c.get('widget'), c.req.valid('json')), 202),
);
