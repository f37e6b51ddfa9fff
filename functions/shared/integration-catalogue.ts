import { INTEGRATION_TYPES, type IntegrationType } from '../../db/schema/integrations';
import type { ConnectionFields, IntegrationDescriptor, IntegrationKind } from './integration-descriptor';
import { onchatDefaults } from './onchat';
import { alfaSettingsSchema } from './schemas/alfacrm';
import { amoSettingsSchema } from './schemas/amocrm';
import { apiChannelSettingsSchema } from './schemas/api-channel';
import { onchatSettingsSchema } from './schemas/onchat';
import { shopScriptSettingsSchema } from './schemas/shopscript';
import { tbankSettingsSchema } from './schemas/tbank';

export type { ConnectionFields, IntegrationDescriptor, IntegrationKind } from './integration-descriptor';

/**
 * One client-safe entry per SPEC §3 integration type (ARCHITECTURE §7): every list of types on the
 * server and in the web app is derived from here. What a type does lives in its module,
 * functions/integrations/<type>/.
 */

/** Types whose module is not built yet keep only credentials under the usual names. */
const NOT_BUILT_FIELDS: ConnectionFields = {
  settings: [],
  credentials: ['token', 'api_key', 'password'],
  learned: [],
  serverSecrets: [],
};

const fields = (partial: Partial<ConnectionFields>): ConnectionFields => ({
  settings: [],
  credentials: [],
  learned: [],
  serverSecrets: [],
  ...partial,
});

type Entry = Omit<IntegrationDescriptor, 'type' | 'nameId' | 'fields' | 'built'> & {
  fields?: ConnectionFields;
};

/**
 * amoCRM and Kommo (one module, two hosts): the authorisation code and the account's domain arrive
 * only through the server, never as the owner's fields: a consent the owner started here (its
 * single-use state) writes them, or a market install's sealed ticket the owner confirms brings them;
 * connecting spends the code for the token pair.
 */
const amoEntry = (label: string, variablePrefix: string): Entry => ({
  kind: 'data_source',
  label,
  answers: true,
  fields: fields({
    settings: ['salesbot_id', 'selection'],
    credentials: ['install'],
    learned: [
      'referer',
      'account_id',
      'account_name',
      'account_subdomain',
      'reply_field_id',
      'reply_field_name',
      'token_expires_at',
    ],
    serverSecrets: ['code', 'access_token', 'refresh_token', 'webhook_secret'],
  }),
  settings: { schema: amoSettingsSchema },
  apiRootVariable: `${variablePrefix}_API_ROOT`,
  oauthClientVariables: { id: `${variablePrefix}_CLIENT_ID`, secret: `${variablePrefix}_CLIENT_SECRET` },
});

/**
 * YCLIENTS and Altegio (one module family, two hosts; reference/messengers.md §3): a salon installed
 * from the marketplace brings `salon_id` with the signed `user_data` (checked with the partner
 * token, never trusted as sent: the verified salons are learned), or the owner logs in with a
 * YCLIENTS user's login and password (the user token is the server's). The partner token and the
 * application id are the server's configuration.
 */
const salonEntry = (label: string, variablePrefix: string): Entry => ({
  kind: 'data_source',
  label,
  answers: false,
  fields: fields({
    credentials: ['salon_id', 'user_data', 'user_data_sign', 'login', 'password'],
    learned: ['via', 'salon_ids', 'salon_name', 'branches', 'user_name'],
    serverSecrets: ['user_token', 'webhook_secret'],
  }),
  apiRootVariable: `${variablePrefix}_API_ROOT`,
  oauthClientVariables: { id: `${variablePrefix}_APPLICATION_ID`, secret: `${variablePrefix}_PARTNER_TOKEN` },
});

const planned = (kind: IntegrationKind, label: string, answers = false): Entry => ({ kind, label, answers });

const ENTRIES: Record<IntegrationType, Entry> = {
  onchat: {
    kind: 'channel',
    label: 'onchat',
    answers: true,
    fields: fields({ settings: Object.keys(onchatDefaults()) }),
    // A widget saved without a language speaks the owner's, defaults included.
    settings: { schema: onchatSettingsSchema, base: (language) => ({ language }) },
  },
  telegram: {
    kind: 'channel',
    label: 'Telegram',
    answers: true,
    fields: fields({
      credentials: ['token'],
      learned: ['bot_id', 'bot_username', 'bot_name'],
      serverSecrets: ['webhook_secret'],
    }),
    apiRootVariable: 'TELEGRAM_API_ROOT',
  },
  wazzup: {
    kind: 'channel',
    label: 'Wazzup',
    answers: true,
    fields: fields({
      settings: ['channel_id'],
      credentials: ['api_key'],
      learned: ['channel_name', 'channel_phone', 'channel_state', 'channels'],
      serverSecrets: ['webhook_secret'],
    }),
    paidInstance: true,
    apiRootVariable: 'WAZZUP_API_ROOT',
  },
  wappi: {
    kind: 'channel',
    label: 'Wappi',
    answers: true,
    fields: fields({
      settings: ['profile_id'],
      identity: ['profile_id'],
      credentials: ['api_key'],
      learned: ['profile_name', 'phone', 'authorized'],
      serverSecrets: ['webhook_secret'],
    }),
    paidInstance: true,
    apiRootVariable: 'WAPPI_API_ROOT',
  },
  chatgpt: {
    kind: 'model',
    label: 'ChatGPT',
    answers: false,
    fields: fields({ credentials: ['api_key'] }),
    apiRootVariable: 'OPENAI_API_ROOT',
  },
  // No public protocol of Wahelp, MessageHelp or imot.io was found (reference/messengers.md §6.2–6.4,
  // issue #24 §5): they stay planned and are not sold; such systems connect through the API channel.
  wahelp: planned('channel', 'Wahelp', true),
  messagehelp: planned('channel', 'MessageHelp', true),
  /**
   * WhatsApp Business Platform (Meta's Cloud API, reference/whatsapp-cloud.md): the owner's own Meta
   * app. The ids name the number; the token and the app secret are theirs; the verify token (for
   * the dashboard's GET handshake) and the webhook address are made on connecting and shown.
   */
  whatsapp: {
    kind: 'channel',
    label: 'WhatsApp',
    answers: true,
    fields: fields({
      settings: ['phone_number_id', 'waba_id'],
      identity: ['phone_number_id', 'waba_id'],
      credentials: ['access_token', 'app_secret'],
      learned: [
        'display_phone_number',
        'verified_name',
        'verify_token',
        'webhook_url',
        'webhook_verified_at',
      ],
    }),
    apiRootVariable: 'WHATSAPP_API_ROOT',
  },
  avito: {
    kind: 'channel',
    label: 'Avito',
    answers: true,
    fields: fields({
      settings: ['client_id'],
      identity: ['client_id'],
      credentials: ['client_secret'],
      learned: ['user_id', 'account_name', 'profile_url'],
      serverSecrets: ['webhook_secret'],
    }),
    apiRootVariable: 'AVITO_API_ROOT',
  },
  amocrm: amoEntry('amoCRM', 'AMOCRM'),
  kommo: amoEntry('Kommo', 'KOMMO'),
  bitrix: {
    kind: 'data_source',
    label: 'Bitrix24',
    answers: true,
    fields: fields({
      identity: ['install'],
      credentials: ['install'],
      learned: ['domain', 'member_id', 'client_endpoint', 'portal_host', 'bot_id', 'token_expires_at'],
      serverSecrets: ['access_token', 'refresh_token', 'application_token'],
    }),
    installedThere: true,
    apiRootVariable: 'BITRIX_OAUTH_ROOT',
    oauthClientVariables: { id: 'BITRIX_CLIENT_ID', secret: 'BITRIX_CLIENT_SECRET' },
  },
  yclients: salonEntry('YCLIENTS', 'YCLIENTS'),
  altegio: salonEntry('Altegio', 'ALTEGIO'),
  retailcrm: {
    kind: 'data_source',
    label: 'RetailCRM',
    answers: true,
    fields: fields({
      settings: ['system_url'],
      identity: ['system_url', 'install'],
      credentials: ['api_key', 'token', 'install'],
      learned: ['site', 'site_name', 'mg_endpoint'],
      serverSecrets: ['mg_token', 'webhook_secret'],
    }),
    installedThere: true,
    apiRootVariable: 'RETAILCRM_API_ROOT',
    oauthClientVariables: { id: 'RETAILCRM_MODULE_CODE', secret: 'RETAILCRM_SECRET' },
  },
  alfacrm: {
    kind: 'data_source',
    label: 'AlfaCRM',
    answers: false,
    fields: fields({
      settings: ['hostname', 'email', 'branch_id'],
      identity: ['hostname', 'email', 'branch_id'],
      credentials: ['api_key'],
      learned: ['branch_name'],
    }),
    settings: { schema: alfaSettingsSchema },
    apiRootVariable: 'ALFACRM_API_ROOT',
  },
  calendly: {
    kind: 'data_source',
    label: 'Calendly',
    answers: false,
    // A personal access token (reference/messengers.md §4), or the OAuth pair a consent started
    // here brought (`auth: 'oauth'`, the server's own); what it belongs to is learned.
    fields: fields({
      credentials: ['token'],
      learned: [
        'user_uri',
        'user_name',
        'organization_uri',
        'time_zone',
        'event_types',
        'webhook',
        'auth',
        'token_expires_at',
      ],
      serverSecrets: ['webhook_signing_key', 'webhook_uri', 'access_token', 'refresh_token'],
    }),
    apiRootVariable: 'CALENDLY_API_ROOT',
    oauthClientVariables: {
      id: 'CALENDLY_CLIENT_ID',
      secret: 'CALENDLY_CLIENT_SECRET',
      root: 'CALENDLY_AUTH_ROOT',
    },
    oauthOptional: true,
  },
  'imot.io': planned('data_source', 'imot.io'),
  shopscript: {
    kind: 'data_source',
    label: 'Shop-Script',
    answers: false,
    // The shop's address (reference/messengers.md §6.1); its consent page brings the access token
    // (the server's own, sealed); changing the address ends the connection.
    fields: fields({
      settings: ['shop_url'],
      identity: ['shop_url'],
      learned: ['products_count'],
      serverSecrets: ['access_token'],
    }),
    settings: { schema: shopScriptSettingsSchema },
    apiRootVariable: 'SHOPSCRIPT_API_ROOT',
  },
  /**
   * The T-Bank payment link (issue #24 §3): the business's own terminal (key and password, sealed;
   * the password never shown, not even a tail), the product with its amount in kopecks and the
   * receipt's fiscal settings in the SPEC's spellings. The bot's "send a payment link" action uses it.
   */
  tbank: {
    kind: 'payments',
    label: 'T-Bank',
    answers: false,
    fields: fields({
      settings: [
        'product_name',
        'amount',
        'currency',
        'shop_name',
        'taxation',
        'tax',
        'payment_method',
        'payment_object',
      ],
      credentials: ['terminal_key', 'password'],
    }),
    settings: { schema: tbankSettingsSchema },
    apiRootVariable: 'TBANK_API_ROOT',
  },
  /**
   * The open API channel (docs/channels/api-channel.md): the account's own system posts messages signed
   * with a secret the server makes (shown once, rotatable) and takes the replies at its callback URL.
   */
  api_channel: {
    kind: 'channel',
    label: 'API',
    answers: true,
    fields: fields({
      settings: ['callback_url'],
      learned: ['webhook_url', 'secret_shown_at'],
      serverSecrets: ['signing_secret'],
    }),
    settings: { schema: apiChannelSettingsSchema },
  },
};

/** The catalogue in SPEC §3 order. */
export const INTEGRATION_CATALOGUE: readonly IntegrationDescriptor[] = INTEGRATION_TYPES.map((type) => {
  const { fields: own, ...entry } = ENTRIES[type];
  return {
    ...entry,
    type,
    nameId: `integration.name.${type}` as const,
    built: own !== undefined,
    fields: own ?? NOT_BUILT_FIELDS,
  };
});

const BY_TYPE = new Map(INTEGRATION_CATALOGUE.map((entry) => [entry.type, entry]));

export const isIntegrationType = (value: string): value is IntegrationType =>
  BY_TYPE.has(value as IntegrationType);

export function describeIntegration(type: IntegrationType): IntegrationDescriptor {
  const entry = BY_TYPE.get(type);
  if (!entry) throw new Error(`unknown integration type ${type}`);
  return entry;
}

const typesWhere = (test: (entry: IntegrationDescriptor) => boolean): readonly IntegrationType[] =>
  INTEGRATION_CATALOGUE.filter(test).map((entry) => entry.type);

/** The integrations screen's two tabs (SPEC §2): channels, and everything else as data sources. */
export const CHANNEL_INTEGRATION_TYPES = typesWhere((entry) => entry.kind === 'channel');
export const DATA_SOURCE_INTEGRATION_TYPES = typesWhere((entry) => entry.kind !== 'channel');
/** Types a bot can answer in: its conditions.channels offers these. */
export const ANSWERING_INTEGRATION_TYPES = typesWhere((entry) => entry.answers);

export const isBuiltIntegrationType = (type: IntegrationType): boolean => describeIntegration(type).built;
export const integrationLabel = (type: IntegrationType): string => describeIntegration(type).label;

/** The server's mark of a successful connection, kept for every type. */
export const CONNECTED_AT = 'connected_at';

export const connectionFields = (type: IntegrationType): ConnectionFields => describeIntegration(type).fields;

/** Fields only the server writes: the connection mark, what connecting learned and made. */
export const serverFields = (type: IntegrationType): readonly string[] => {
  const { learned, serverSecrets } = connectionFields(type);
  return [CONNECTED_AT, ...learned, ...serverSecrets];
};

/** Fields kept encrypted at rest. */
export const encryptedFields = (type: IntegrationType): readonly string[] => {
  const { credentials, serverSecrets } = connectionFields(type);
  return [...credentials, ...serverSecrets];
};
