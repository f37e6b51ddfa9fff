import type { Integration } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import { SecretUnreadable } from '../../secrets/secret-box';
import type { CalendarEventType } from '../../shared/booking';
import { randomToken } from '../../shared/same-secret';
import { openConnectionSecret } from '../connection-secrets';
import type { ConnectorResult, IntegrationModule } from '../module';
import { webhookUrl } from '../module';
import { NotConnected, storedTokenFields } from '../oauth-tokens';
import { CalendlyNotConnected, calendlyApi, calendlyAuthOf } from './account';
import { type CalendlyClient, CalendlyError, type CalendlyUser } from './client';
import { CalendlyOAuthError } from './oauth';

/**
 * Connecting a Calendly user (reference/messengers.md §4) with a personal access token, or with the
 * OAuth pair a consent brought (oauth.ts; the return route stores it, then connects): who it is
 * (`/users/me`: uri, organization, zone) and its event types are learned; invitee events are
 * subscribed to at our webhook address with a fresh signing key (kept encrypted, never shown).
 * Webhooks need a paid plan: a free user's 403 is no failure, the bot still offers times and links
 * and the chat just gets no line when the customer books (`webhook: 'unavailable'`).
 */

export const INVITEE_EVENTS = ['invitee.created', 'invitee.canceled'];

const failure = (reason: string): ConnectorResult => ({ ok: false, reason });

const eventTypeOf = (item: {
  uri: string;
  name: string;
  duration?: number | null;
  scheduling_url: string;
  active: boolean;
}): CalendarEventType => ({
  uri: item.uri,
  name: item.name,
  duration_minutes: typeof item.duration === 'number' ? item.duration : null,
  scheduling_url: item.scheduling_url,
  active: item.active !== false,
});

/** Removes the subscription connecting made earlier; one already gone is fine. */
async function dropSubscription(api: CalendlyClient, uri: string): Promise<void> {
  await api.unsubscribe(uri).catch((error: unknown) => {
    if (!(error instanceof CalendlyError && error.status === 404)) throw error;
  });
}

/**
 * Subscribes to invitee events at our address; an old subscription to the same address (a
 * connection reset while Calendly was unreachable) is replaced. Null when the plan has no webhooks.
 */
async function subscribeInvitees(
  ctx: EngineContext,
  integration: Integration,
  api: CalendlyClient,
  user: CalendlyUser,
): Promise<{ uri: string; signingKey: string } | null> {
  const url = webhookUrl(ctx.settings, integration);
  const signingKey = randomToken();
  const request = {
    url,
    events: INVITEE_EVENTS,
    organization: user.current_organization,
    user: user.uri,
    signingKey,
  };
  try {
    return { uri: (await api.subscribe(request)).uri, signingKey };
  } catch (error) {
    if (error instanceof CalendlyError && error.status === 403) return null;
    if (!(error instanceof CalendlyError && error.status === 409)) throw error;
  }
  const stale = (await api.subscriptions(user.current_organization, user.uri)).filter(
    (item) => item.callback_url === url,
  );
  for (const item of stale) await dropSubscription(api, item.uri);
  return { uri: (await api.subscribe(request)).uri, signingKey };
}

export const calendlyConnection: Pick<IntegrationModule, 'connect' | 'disconnect'> = {
  async connect(integration, ctx) {
    try {
      const api = await calendlyApi(ctx, integration);
      const user = await api.me();
      if (!user.uri || !user.current_organization) return failure('Calendly gave no user');
      const eventTypes = (await api.eventTypes(user.uri)).map(eventTypeOf);
      const previous = await openConnectionSecret(ctx.settings.secretsKey, integration, 'webhook_uri');
      if (previous) await dropSubscription(api, previous).catch(() => undefined);
      const hook = await subscribeInvitees(ctx, integration, api, user);
      const auth = await calendlyAuthOf(ctx, integration);
      return {
        ok: true,
        integrationAccountId: user.email || user.uri,
        connectionData: {
          user_uri: user.uri,
          user_name: user.name,
          organization_uri: user.current_organization,
          time_zone: user.timezone,
          event_types: eventTypes,
          webhook: hook ? 'active' : 'unavailable',
          // An empty secret is dropped when sealed: no key of an old subscription outlives it.
          webhook_signing_key: hook?.signingKey ?? '',
          webhook_uri: hook?.uri ?? '',
          auth,
          // The pair as stored now (a refresh may have rotated it while connecting); a personal
          // token leaves none behind.
          ...(auth === 'oauth'
            ? await storedTokenFields(ctx, integration.id)
            : { access_token: '', refresh_token: '', token_expires_at: null }),
        },
      };
    } catch (error) {
      if (
        error instanceof CalendlyError ||
        error instanceof CalendlyNotConnected ||
        error instanceof NotConnected ||
        error instanceof CalendlyOAuthError ||
        error instanceof SecretUnreadable
      ) {
        return failure(error.message);
      }
      throw error;
    }
  },

  async disconnect(integration, ctx) {
    const uri = await openConnectionSecret(ctx.settings.secretsKey, integration, 'webhook_uri');
    if (uri) await dropSubscription(await calendlyApi(ctx, integration), uri);
  },
};
