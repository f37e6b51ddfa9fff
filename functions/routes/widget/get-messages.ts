import { serviceContext } from '../../http/context';
import { queryParams } from '../../http/validate';
import { undocumented } from '../../openapi/describe';
import { getWidgetDialogue } from '../../services/widget/get-widget-dialogue';
import { widgetDialogueQuerySchema } from '../../shared/schemas/widget';
import { widgetFactory } from './widget-env';

export const getMessagesHandlers = widgetFactory.createHandlers(
  undocumented("The widget's own calls from the visitor's page (web/widget), not an integrator's API."),
  queryParams(widgetDialogueQuerySchema),
  async (c) => c.json(await getWidgetDialogue(serviceContext(c), c.get('widget'), c.req.valid('query'))),
);
