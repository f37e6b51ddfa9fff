import type { Integration } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import type { CalendarEventType } from '../../shared/booking';
import { openConnectionSecret } from '../connection-secrets';
import { apiRootFor, fetchFor } from '../module';
import { CALENDLY_PUBLIC_ROOT, type CalendlyClient, createCalendlyClient } from './client';
import { calendlyAccessToken } from './tokens';

/** The integration has no token to reach Calendly with. */
export class CalendlyNotConnected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'CalendlyNotConnected';
  }
}

/** How the integration reaches Calendly: the owner's personal access token, else the consent's OAuth pair. */
export const calendlyAuthOf = async (ctx: EngineContext, integration: Integration) =>
  (await openConnectionSecret(ctx.settings.secretsKey, integration, 'token'))?.trim()
    ? 'token'
    : integration.connectionData.auth === 'oauth'
      ? 'oauth'
      : null;

/**
 * The API as the integration's personal access token or, connected on the consent page, its OAuth
 * access token (tokens.ts: refreshed before it ends and once on a 401). Throws SecretUnreadable when
 * a secret does not open, CalendlyNotConnected (or NotConnected) when there is nothing to call with.
 */
export async function calendlyApi(ctx: EngineContext, integration: Integration): Promise<CalendlyClient> {
  const common = {
    base: apiRootFor(ctx.settings, 'calendly', CALENDLY_PUBLIC_ROOT),
    throttleKey: `calendly:${integration.id}`,
    fetch: fetchFor(ctx.settings, 'calendly'),
  };
  const pat = (await openConnectionSecret(ctx.settings.secretsKey, integration, 'token'))?.trim();
  if (pat) return createCalendlyClient({ ...common, token: pat });
  if (integration.connectionData.auth !== 'oauth') throw new CalendlyNotConnected('no personal access token');
  let current = await calendlyAccessToken(ctx, integration);
  return createCalendlyClient({
    ...common,
    token: current.token,
    renewToken: async () => {
      current = await calendlyAccessToken(ctx, current.row, true);
      return current.token;
    },
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
