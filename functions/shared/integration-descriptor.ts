import type * as v from 'valibot';
import type { IntegrationType } from '../../db/schema/integrations';
import type { Language } from './constants';

/** What the catalogue (integration-catalogue.ts) says of each integration type: the shape of an entry. */

/** channel: customers write in it; data_source: a system the bot reads or acts in; payments; model. */
export type IntegrationKind = 'channel' | 'data_source' | 'payments' | 'model';

/**
 * Which fields of connection_data exist and how each is kept and shown. An allow-list: a field no list
 * names is neither stored from a client nor answered by the API.
 */
export interface ConnectionFields {
  /** What the owner sets and sees back as saved. */
  readonly settings: readonly string[];
  /** Credentials the owner types: encrypted at rest, answered masked. */
  readonly credentials: readonly string[];
  /** What connecting learned (the bot's username): written by the server only, answered as is. */
  readonly learned: readonly string[];
  /** Secrets the server made on connecting (the webhook secret): encrypted, never answered. */
  readonly serverSecrets: readonly string[];
  /** Settings that name the external account (Wappi's profile): changing one ends the connection, as a new credential does. */
  readonly identity?: readonly string[];
}

export interface IntegrationDescriptor {
  readonly type: IntegrationType;
  readonly kind: IntegrationKind;
  /** A bot can answer customers in it (it is offered in the bot's conditions.channels). */
  readonly answers: boolean;
  /** Its module exists: it can be connected. */
  readonly built: boolean;
  /** Its name as written in any language (a brand). */
  readonly label: string;
  /** The web catalogue's message id of its name. */
  readonly nameId: `integration.name.${IntegrationType}`;
  readonly fields: ConnectionFields;
  /**
   * The settings' schema, checked on save over `base` (the owner's language for the widget's
   * defaults); without one the allowed fields are kept as sent.
   */
  readonly settings?: {
    readonly schema: v.GenericSchema<unknown, object>;
    readonly base?: (lang: Language) => Record<string, unknown>;
  };
  /** A messenger instance that exists only while paid for (SPEC §4): deleted a day after that ends. */
  readonly paidInstance?: boolean;
  /** The configuration variable of its API root, for a proxy or a test's fake (docs/configuration.md). */
  readonly apiRootVariable?: string;
  /**
   * Connected from the system's side: an application installed there brings what connecting needs
   * (Bitrix24), so its page offers no connect button.
   */
  readonly installedThere?: boolean;
  /**
   * The configuration variables of its application there (an OAuth client; RetailCRM's marketplace
   * module code and secret) (docs/configuration.md); unset, the type is "not configured".
   */
  readonly oauthClientVariables?: {
    readonly id: string;
    readonly secret: string;
    /** The root of its consent page and token endpoint, for a test's fake (Calendly's auth host). */
    readonly root?: string;
  };
  /**
   * The OAuth application is one way in beside the owner's own credentials (Calendly's personal
   * access token): without it the type still connects, and its consent is offered only when set.
   */
  readonly oauthOptional?: boolean;
}
