import { serviceContext } from '../../http/context';
import { queryParams } from '../../http/validate';
import { undocumented } from '../../openapi/describe';
import { getWidgetConfig } from '../../services/widget/get-widget-config';
import { widgetConfigQuerySchema } from '../../shared/schemas/widget';
import { widgetFactory } from './widget-env';

export const getConfigHandlers = widgetFactory.createHandlers(
  undocumented("The widget's own calls from the visitor's page (web/widget), not an integrator's API."),
  queryParams(widgetConfigQuerySchema),
  async (c) => c.json(await getWidgetConfig(serviceContext(c), c.get('widget'), c.req.valid('query'))),
);
