import type { Integration } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import type { CalendarEventType } from '../../shared/booking';
import { openConnectionSecret } from '../connection-secrets';
import { apiRootFor, fetchFor } from '../module';
import { CALENDLY_PUBLIC_ROOT, type CalendlyClient, createCalendlyClient } from './client';

/** The integration has no token to reach Calendly with. */
export class CalendlyNotConnected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'CalendlyNotConnected';
  }
}

/** The API as the integration's personal access token. Throws SecretUnreadable when the token does not open. */
export async function calendlyApi(ctx: EngineContext, integration: Integration): Promise<CalendlyClient> {
  const token = (await openConnectionSecret(ctx.settings.secretsKey, integration, 'token'))?.trim();
  if (!token) throw new CalendlyNotConnected('no personal access token');
  return createCalendlyClient({
    base: apiRootFor(ctx.settings, 'calendly', CALENDLY_PUBLIC_ROOT),
    token,
    throttleKey: `calendly:${integration.id}`,
    fetch: fetchFor(ctx.settings, 'calendly'),
  });
}

const learnedText = (integration: Integration, field: string): string => {
  const value = integration.connectionData[field];
  return typeof value === 'string' ? value : '';
};

/** The Calendly user's own zone, as connecting learned it: times are shown in it. */
export const calendlyTimeZone = (integration: Integration): string =>
  learnedText(integration, 'time_zone') || 'UTC';

/** The event types connecting learned. */
export function learnedEventTypes(integration: Integration): CalendarEventType[] {
  const value = integration.connectionData.event_types;
  return Array.isArray(value) ? (value as CalendarEventType[]) : [];
}
