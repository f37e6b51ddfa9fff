import { publicOnchatSettings, type WidgetConfig } from '../../shared/onchat';
import type { WidgetConfigQuery } from '../../shared/schemas/widget';
import { hit } from '../auth/rate-limit';
import type { ServiceContext } from '../context';
import { issueVisitor, visitorTokenValid } from './visitor-token';
import type { WidgetAccess } from './widget-access';
import { WIDGET_LIMITS } from './widget-limits';

async function newVisitor(ctx: ServiceContext, widgetId: string) {
  await hit(ctx.ports.kv, WIDGET_LIMITS.newVisitorsPerIp, `${widgetId}:${ctx.clientIp}`);
  return issueVisitor(ctx.settings.jwtSecret, widgetId);
}

/**
 * GET /api/widget/{id}/config: how the widget looks and speaks (nothing about the account), and
 * the visitor: the one the page named, when its token is valid; otherwise a new visitor, of which
 * one address gets only a few an hour.
 */
export async function getWidgetConfig(
  ctx: ServiceContext,
  access: WidgetAccess,
  query: WidgetConfigQuery,
): Promise<WidgetConfig> {
  const widgetId = access.integration.id;
  const secret = ctx.settings.jwtSecret;
  await hit(ctx.ports.kv, WIDGET_LIMITS.configPerIp, `${widgetId}:${ctx.clientIp}`);
  const { visitor_id: id, visitor_token: token } = query;
  const known = id && token && (await visitorTokenValid(secret, widgetId, id, token)) ? { id, token } : null;
  const visitor = known ?? (await newVisitor(ctx, widgetId));
  return { ...publicOnchatSettings(access.settings), visitor };
}
