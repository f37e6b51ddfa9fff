import { undocumented } from '../../openapi/describe';
import { widgetFactory } from './widget-env';

/** CORS preflight of an allowed page (the POST's JSON body needs one); refused pages got 403 already. */
export const preflightHandlers = widgetFactory.createHandlers(
  undocumented("The CORS preflight browsers send before the widget's calls."),
  (c) => {
    c.header('access-control-allow-methods', 'GET, POST, OPTIONS');
    c.header('access-control-allow-headers', 'content-type, accept-language');
    c.header('access-control-max-age', '600');
    return c.body(null, 204);
  },
);
