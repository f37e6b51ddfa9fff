import { createFactory, createMiddleware } from 'hono/factory';
import { serviceContext } from '../../http/context';
import type { AppVariables } from '../../http/env';
import { openWidget, type WidgetAccess } from '../../services/widget/widget-access';
import { AppError } from '../../shared/app-error';

/** The public widget endpoints: no session; the widget the page talks to instead. */
export interface WidgetEnv {
  Variables: AppVariables & { widget: WidgetAccess };
}

export const widgetFactory = createFactory<WidgetEnv>();

/**
 * Finds the widget and checks the page's Origin before anything else runs (validation included),
 * and answers CORS for that origin only: an allowed page may read every answer; a refused page may
 * read only the refusal (403, or 404 for a widget that does not exist or is off), so the widget
 * can say why it does not work there.
 */
export const widgetAccess = createMiddleware<WidgetEnv>(async (c, next) => {
  const origin = c.req.header('origin');
  c.header('vary', 'Origin');
  let access: WidgetAccess;
  try {
    access = await openWidget(serviceContext(c), c.req.param('integrationId') ?? '', origin);
  } catch (error) {
    // Only the refusal itself (403, or 404 for a missing widget) is readable by the refused page.
    if (origin && error instanceof AppError) {
      const headers = { ...error.options.headers, 'access-control-allow-origin': origin, vary: 'Origin' };
      throw new AppError(error.code, error.messageKey, { ...error.options, headers });
    }
    throw error;
  }
  if (origin) {
    c.header('access-control-allow-origin', origin);
    // The widget times "typing" by the server's clock.
    c.header('access-control-expose-headers', 'Date');
  }
  c.set('widget', access);
  await next();
});
