import type { IntegrationModule } from '../module';
import { calendlyActions } from './actions';
import { calendlyConnection } from './connect';
import { calendlyInbound } from './inbound';
import { calendlyAuthorizeUrl } from './oauth';

/**
 * Calendly (issue #22 §2; reference/messengers.md §4): connected with a personal access token or,
 * where the server has a Calendly application, on Calendly's consent page (oauth.ts); the
 * booking action offers the chosen event type's free times (each with its own scheduling URL) or a
 * single-use link, and invitee events, where the plan has webhooks, write the booking in its chat.
 */
export const calendlyModule: IntegrationModule = {
  type: 'calendly',
  ...calendlyConnection,
  inbound: calendlyInbound,
  actions: calendlyActions,
  authorizeUrl: calendlyAuthorizeUrl,
};
