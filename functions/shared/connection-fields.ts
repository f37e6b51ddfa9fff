import type { IntegrationType } from '../../db/schema/integrations';
import { onchatDefaults } from './onchat';

/**
 * Which fields of an integration's connection_data exist, per type, and how each is kept and shown
 * (ARCHITECTURE §4, §7). An allow-list: a field no list names is neither stored from a client nor
 * answered by the API.
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
}

/** The server's mark of a successful connection, kept for every type. */
export const CONNECTED_AT = 'connected_at';

/**
 * Types whose module is not built yet can keep only credentials under the usual names until their
 * module declares its own fields.
 */
const NOT_BUILT: ConnectionFields = {
  settings: [],
  credentials: ['token', 'api_key', 'password'],
  learned: [],
  serverSecrets: [],
};

const BUILT: Partial<Record<IntegrationType, ConnectionFields>> = {
  onchat: {
    settings: Object.keys(onchatDefaults()),
    credentials: [],
    learned: [],
    serverSecrets: [],
  },
  chatgpt: {
    settings: [],
    credentials: ['api_key'],
    learned: [],
    serverSecrets: [],
  },
  telegram: {
    settings: [],
    credentials: ['token'],
    learned: ['bot_id', 'bot_username', 'bot_name'],
    serverSecrets: ['webhook_secret'],
  },
};

export const connectionFields = (type: IntegrationType): ConnectionFields => BUILT[type] ?? NOT_BUILT;

/** Fields only the server writes: the connection mark, what connecting learned and made. */
export const serverFields = (type: IntegrationType): readonly string[] => {
  const fields = connectionFields(type);
  return [CONNECTED_AT, ...fields.learned, ...fields.serverSecrets];
};

/** Fields kept encrypted at rest. */
export const encryptedFields = (type: IntegrationType): readonly string[] => {
  const fields = connectionFields(type);
  return [...fields.credentials, ...fields.serverSecrets];
};
