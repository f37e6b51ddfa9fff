import { queryParams } from '../../http/validate';
import { getWidgetDialogue } from '../../services/widget/get-widget-dialogue';
import { widgetDialogueQuerySchema } from '../../shared/schemas/widget';
import { widgetFactory, widgetServiceContext } from './widget-env';

export const getMessagesHandlers = widgetFactory.createHandlers(
  queryParams(widgetDialogueQuerySchema),
  async (c) => c.json(await getWidgetDialogue(widgetServiceContext(c), c.var.widget, c.req.valid('query'))),
);
