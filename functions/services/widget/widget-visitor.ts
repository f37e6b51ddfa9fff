import { AppError } from '../../shared/app-error';
import type { ServiceContext } from '../context';
import { visitorTokenValid } from './visitor-token';
import type { WidgetAccess } from './widget-access';

/** The page does not hold a token for this visitor: it asks the config endpoint for a visitor again. */
export const visitorRefused = () => new AppError('unauthorized', 'widget_visitor_invalid');

/** Only the page the visitor was issued to (holding its token) may write or read its dialogue. */
export async function requireVisitor(
  ctx: ServiceContext,
  access: WidgetAccess,
  visitorId: string,
  token: string | undefined,
): Promise<void> {
  if (!(await visitorTokenValid(ctx.settings.jwtSecret, access.integration.id, visitorId, token))) {
    throw visitorRefused();
  }
}
