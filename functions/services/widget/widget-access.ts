import { and, eq } from 'drizzle-orm';
import { type Integration, integrations } from '../../../db/schema';
import { AppError } from '../../shared/app-error';
import { hostAllowed, type OnchatSettings, originHost } from '../../shared/onchat';
import { readOnchatSettings } from '../../shared/schemas/onchat';
import { isUuid } from '../../shared/uuid';
import type { ServiceContext } from '../context';
import { isConnected } from '../integrations/integration-view';

/** A widget a page may talk to: its integration and settings. */
export interface WidgetAccess {
  integration: Integration;
  settings: OnchatSettings;
}

export const widgetUnavailable = () => new AppError('not_found', 'widget_unavailable');

/**
 * The widget of a connected, switched-on onchat integration, for a page of `origin`. Any other id
 * is 404, so the public endpoints say nothing about an account's other integrations. A page whose
 * host is not in allowed_domains is refused with 403 (an empty list allows every site; a request
 * without an origin, not sent by a browser page, passes only then). This keeps other sites from
 * embedding the chat; it is no secret, since any non-browser client can send any Origin.
 */
export async function openWidget(
  ctx: ServiceContext,
  integrationId: string,
  origin: string | undefined,
): Promise<WidgetAccess> {
  if (!isUuid(integrationId)) throw widgetUnavailable();
  const [integration] = await ctx.ports.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, integrationId), eq(integrations.type, 'onchat')));
  if (!integration?.activated || !isConnected(integration)) throw widgetUnavailable();
  const settings = readOnchatSettings(integration.connectionData);
  if (settings.allowed_domains.length > 0) {
    const host = originHost(origin);
    if (host === null || !hostAllowed(host, settings.allowed_domains)) {
      throw new AppError('origin_not_allowed');
    }
  }
  return { integration, settings };
}
