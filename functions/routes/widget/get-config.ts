import { queryParams } from '../../http/validate';
import { getWidgetConfig } from '../../services/widget/get-widget-config';
import { widgetConfigQuerySchema } from '../../shared/schemas/widget';
import { widgetFactory, widgetServiceContext } from './widget-env';

export const getConfigHandlers = widgetFactory.createHandlers(
  queryParams(widgetConfigQuerySchema),
  async (c) => c.json(await getWidgetConfig(widgetServiceContext(c), c.var.widget, c.req.valid('query'))),
);
