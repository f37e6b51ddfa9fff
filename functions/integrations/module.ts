import type { Chat, Integration, IntegrationType } from '../../db/schema';
import type { ChannelSender } from '../channels/channel';
import type { ActionRunner } from '../engine/actions/action-runner';
import type { ChannelMessage } from '../engine/integration-inbound';
import type { Turn } from '../engine/turn';
import { checkOutboundUrl, type UrlRules } from '../outbound/url-guard';
import type { AppSettings, Ports } from '../ports';
import type { AccountContext, ServiceContext } from '../services/context';
import type { ApiChannelDeadLetter } from '../shared/api-channel';
import type { BookingService } from '../shared/booking';
import type { CrmEntity, CrmField, CrmPipeline, CrmStaffMember, CrmTaskType } from '../shared/crm';

/**
 * What an integration module offers (ARCHITECTURE §7). Everything that knows one external system
 * lives in functions/integrations/<type>/ behind this interface; routes, services and the engine
 * know nothing else of it. The registry (registry.ts) lists the modules.
 */

/** What a successful connection learned: the external account and data to keep beside the settings. */
export interface ConnectorSuccess {
  ok: true;
  integrationAccountId?: string | null;
  connectionData?: Record<string, unknown>;
}

/** A failed connection; `reason` goes to logs, never to the user (SPEC §8 shows one text). */
export interface ConnectorFailure {
  ok: false;
  reason: string;
}

export type ConnectorResult = ConnectorSuccess | ConnectorFailure;

/** An inbound webhook request as the pipeline hands it to a module. */
export interface WebhookRequest {
  header(name: string): string | undefined;
  query(name: string): string | undefined;
  /** The body read as JSON, or as a form when it was form-encoded; undefined when unreadable. */
  body: unknown;
  /** The body's text as it came, for a signature over its bytes (Calendly's). */
  raw: string;
}

/** What one delivery carries: messages for the engine, and the module's own news (a QR, a state). */
export interface WebhookDelivery {
  messages: ChannelMessage[];
  /** The system says the connection is over (the application was removed there): the pipeline lets go of it. */
  revoked?: boolean;
  /**
   * Runs after the messages are handed over, with the integration as stored; `receive` hands the
   * engine a message found only now (an echo that turns out to be a manager's), `note` writes a
   * system line in one of the account's dialogues once per `key` (a booking changed in its system),
   * `moveDeal` moves a dialogue's record in one of the account's CRMs (a payment link paid).
   */
  followUp?: (
    ctx: ServiceContext,
    integration: Integration,
    receive: (message: ChannelMessage) => Promise<unknown>,
    note: (chatId: string, key: string, text: string) => Promise<void>,
    moveDeal: (chatId: string, crmIntegrationId: string, target: DealTarget) => Promise<DealMoved>,
  ) => Promise<void>;
}

/** The inbound half of a module: the pipeline (services/webhooks) calls these in order. */
export interface InboundAdapter {
  /** The exact text a taken delivery is answered with (T-Bank's "OK"); `{}` as JSON without it. */
  acknowledgement?: string;
  /** News of money (a payment notification) is taken even while the integration is switched off. */
  receivesWhenOff?: boolean;
  /** A delivery that only tests the address (Wazzup's `{test:true}`): answered 200 before anything else. */
  isProbe?(request: WebhookRequest): boolean;
  /**
   * Whether the request proves it comes from the system (the secret registered on connecting).
   * Throws SecretUnreadable when the stored secret does not open: the pipeline fails closed.
   */
  verify(settings: AppSettings, integration: Integration, request: WebhookRequest): Promise<boolean>;
  /** The delivery read from the body; null when it is garbage (400). */
  parse(integration: Integration, request: WebhookRequest): WebhookDelivery | null;
  /**
   * A GET on the webhook address that asks the address to prove itself (Meta's `hub.challenge`):
   * the text to answer with 200, or null to refuse (403). Without it a GET answers 404.
   */
  handshake?(ctx: ServiceContext, integration: Integration, request: WebhookRequest): Promise<string | null>;
}

/** A QR connection in progress (SPEC §4): what the settings page shows. */
export type QrState =
  | { state: 'qr'; qr: string; expires_at: string }
  | { state: 'waiting'; expires_at: string }
  | { state: 'connected' }
  | { state: 'expired' };

/** Why a CRM could not list something: not connected, its rights forbid it, or it failed. */
export class CrmRefused extends Error {
  constructor(
    readonly kind: 'not_connected' | 'forbidden' | 'failed',
    readonly detail: string,
  ) {
    super(`${kind}: ${detail}`);
    this.name = 'CrmRefused';
  }
}

/** What a CRM has, for the settings of actions and selections (SPEC §3 CRM entities, §7 staff). Throws CrmRefused. */
export interface CrmLists {
  pipelines(ctx: ServiceContext, integration: Integration): Promise<CrmPipeline[]>;
  fields(ctx: ServiceContext, integration: Integration, entity: CrmEntity): Promise<CrmField[]>;
  taskTypes(ctx: ServiceContext, integration: Integration): Promise<CrmTaskType[]>;
  staff(ctx: ServiceContext, integration: Integration): Promise<CrmStaffMember[]>;
}

/** A booking system's lists for the settings screens: the services of a salon's branch. Throws CrmRefused. */
export interface BookingLists {
  services(ctx: ServiceContext, integration: Integration, branchId: string): Promise<BookingService[]>;
}

/** Where a CRM's record goes: a pipeline (where the CRM has them) and one of its statuses. */
export interface DealTarget {
  pipeline_id: string | null;
  status_id: string | null;
}

/** What moving a record came to: `detail` is what History and the chat's system line show. */
export interface DealMoved {
  ok: boolean;
  detail: string;
}

/** A module's delayed work by job name (registered beside the engine's, functions/jobs.ts). */
export type ModuleJobHandler = (payload: unknown, ports: Ports, settings: AppSettings) => Promise<void>;

/** A secret the server made for the account's system to sign with: shown once, then only replaced. */
export interface SigningSecret {
  /** The secret made on connecting, the first time it is asked for; null once it has been shown. */
  reveal(integration: Integration, ctx: ServiceContext): Promise<string | null>;
  /** A new secret in place of the old one (which stops working at once), shown this once. */
  rotate(integration: Integration, ctx: ServiceContext): Promise<string>;
}

/** Deliveries to the account's own address that failed for good, listed on the integration page. */
export interface DeadLetters {
  list(integration: Integration, ctx: ServiceContext): Promise<ApiChannelDeadLetter[]>;
  /** Tries one again from the start; false when `id` is not one of its dead letters. */
  retry(integration: Integration, ctx: ServiceContext, id: string): Promise<boolean>;
}

export interface IntegrationModule {
  readonly type: IntegrationType;
  /** Checks the stored settings against the external system and sets up what it needs there. */
  connect(integration: Integration, ctx: AccountContext): Promise<ConnectorResult>;
  /**
   * Undoes in the external system what `connect` set up there (a webhook) when the connection is
   * reset or the integration deleted. Best effort: the caller logs a failure and goes on.
   */
  disconnect?(integration: Integration, ctx: ServiceContext): Promise<void>;
  /** Customers' messages arriving by webhook. */
  inbound?: InboundAdapter;
  /** Sending stored outgoing messages to the customer. */
  sender?: ChannelSender;
  /** Messengers authorised by scanning a QR: starts or resumes showing it (GET .../getqr). */
  qr?(integration: Integration, ctx: ServiceContext): Promise<QrState>;
  /** The bot action types it runs (deal status, fields, task, booking, media), found by an action's integration_id. */
  actions?: Partial<Record<string, ActionRunner>>;
  /** Deletes the paid messenger instance (SPEC §4) in the external system. */
  removeInstance?(integration: Integration, ctx: ServiceContext): Promise<void>;
  /**
   * The bot stopped in a dialogue this CRM works with: the bot's stop task for the team and the info
   * transfer (summary, variables) on the dialogue's deal. `key` names this stop across retries.
   */
  handOver?(
    turn: Turn,
    integration: Integration,
    call: { key: string; fill: (template: string) => string },
  ): Promise<void>;
  /** A CRM's lists for the settings screens. */
  crm?: CrmLists;
  /** A CRM moves the dialogue's record (found or made once) to a status, outside an answer. */
  moveDeal?(
    ctx: ServiceContext,
    integration: Integration,
    chat: Chat,
    target: DealTarget,
  ): Promise<DealMoved>;
  /** Its jobs by name (callbacks retried with backoff). */
  jobs?: Readonly<Record<string, ModuleJobHandler>>;
  /** The secret the account's system signs its webhooks with, when the server makes it. */
  signingSecret?: SigningSecret;
  /** Callbacks to the account's address that failed for good. */
  deadLetters?: DeadLetters;
  /** A booking system's lists for the booking action's settings. */
  booking?: BookingLists;
  /**
   * Systems connected by OAuth: the consent page to send the owner to with `state` (single-use,
   * issued per consent, oauth-consent.ts); null while the server's OAuth application is not configured.
   */
  authorizeUrl?(
    settings: AppSettings,
    integration: Integration,
    state: string,
  ): string | null | Promise<string | null>;
}

/** Where a module's webhooks arrive: the one inbound route (routes/webhooks). */
export const webhookUrl = (settings: AppSettings, integration: Pick<Integration, 'id' | 'type'>) =>
  `${settings.publicUrl.replace(/\/+$/, '')}/api/webhooks/${integration.type}/${integration.id}`;

/** The module's API root: the configured one (a proxy, a test's fake), else the system's public one. */
export const apiRootFor = (settings: AppSettings, type: IntegrationType, publicRoot: string) =>
  (settings.apiRoots?.[type] ?? publicRoot).replace(/\/+$/, '');

/** What a module's API client calls its system with: `fetch` for a string URL. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Whether `url` is under the root the operator configured for the type (a proxy, a test's fake). */
function underConfiguredRoot(settings: AppSettings, type: IntegrationType, url: string): boolean {
  const configured = settings.apiRoots?.[type]?.replace(/\/+$/, '');
  return (
    configured !== undefined && url.startsWith(configured) && /^([/?#]|$)/.test(url.slice(configured.length))
  );
}

/** How an address an account gave us is checked: https, public, unless the installation allows private ones. */
export const accountRules = (settings: AppSettings): UrlRules => ({
  allowPrivate: settings.allowPrivateAddresses === true,
  httpsOnly: true,
});

/**
 * How a module calls its system. A root the operator configured (the type's API root variable: a
 * proxy, a test's fake) is fetched directly; any other address — one an account gave us (its CRM's
 * host, a portal's REST endpoint, a chat gateway its CRM named) — only through the one guarded fetch
 * (functions/outbound/guarded-fetch.ts), over https, never to a private address or through a redirect.
 */
export function fetchFor(settings: AppSettings, type: IntegrationType): FetchLike {
  return (input, init) =>
    underConfiguredRoot(settings, type, input)
      ? fetch(input, init)
      : settings.guardedFetch(input, init, accountRules(settings));
}

/**
 * Whether an address a module cannot fetch through `fetchFor` (a WebSocket it holds open) passes
 * the same text check: the configured root, or an https address that is not private.
 */
export function accountAddressAllowed(settings: AppSettings, type: IntegrationType, url: string): boolean {
  return underConfiguredRoot(settings, type, url) || checkOutboundUrl(url, accountRules(settings)).ok;
}
