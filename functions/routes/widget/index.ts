import { Hono } from 'hono';
import { getConfigHandlers } from './get-config';
import { getMessagesHandlers } from './get-messages';
import { preflightHandlers } from './preflight';
import { sendMessageHandlers } from './send-message';
import { type WidgetEnv, widgetAccess } from './widget-env';

/**
 * The website chat widget's public API, mounted at /api/widget: called from customers' sites by
 * web/widget, without a session; every call names the widget and is checked against its domains.
 */
export const widgetRoutes = new Hono<WidgetEnv>()
  .use('/:integrationId/*', widgetAccess)
  .options('/:integrationId/*', ...preflightHandlers)
  .get('/:integrationId/config', ...getConfigHandlers)
  .post('/:integrationId/messages', ...sendMessageHandlers)
  .get('/:integrationId/messages', ...getMessagesHandlers);
