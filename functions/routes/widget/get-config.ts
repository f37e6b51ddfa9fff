import { getWidgetConfig } from '../../services/widget/get-widget-config';
import { widgetFactory } from './widget-env';

export const getConfigHandlers = widgetFactory.createHandlers((c) => c.json(getWidgetConfig(c.var.widget)));
