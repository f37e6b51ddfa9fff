import * as v from 'valibot';
import type { IntegrationType } from '../db/schema/integrations';
import { parseSecretsKey } from './secrets/secrets-key';
import { INTEGRATION_CATALOGUE } from './shared/integration-catalogue';

const secret = v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'));
/** The key integration credentials are encrypted with at rest (functions/secrets/secrets-key.ts). */
const secretsKey = v.pipe(
  v.string(),
  v.check((text) => parseSecretsKey(text) !== null, 'must be 32 bytes in base64 or hex'),
);
const url = v.pipe(v.string(), v.url('must be a URL'));

/** Any OpenAI-compatible Chat Completions endpoint; without one, every answer is recorded as an error. */
const llmSettings = {
  LLM_BASE_URL: v.optional(url),
  LLM_API_KEY: v.optional(v.string()),
};

/**
 * Integrations' API roots (TELEGRAM_API_ROOT, WAZZUP_API_ROOT, ...), each the system's public one
 * when unset: a self-hosted Bot API server, a proxy, a test's fake.
 */
const apiRootSettings = Object.fromEntries(
  INTEGRATION_CATALOGUE.flatMap(({ apiRootVariable }) =>
    apiRootVariable ? [[apiRootVariable, v.optional(url)]] : [],
  ),
) as Record<string, v.OptionalSchema<typeof url, undefined>>;

/** settings.apiRoots from the configuration's API root variables. */
export function apiRootsOf(config: Record<string, unknown>): Partial<Record<IntegrationType, string>> {
  return Object.fromEntries(
    INTEGRATION_CATALOGUE.flatMap(({ type, apiRootVariable }) => {
      const value = apiRootVariable ? config[apiRootVariable] : undefined;
      return typeof value === 'string' ? [[type, value]] : [];
    }),
  );
}

const optionalText = v.optional(v.string());

/** Integrations' OAuth applications (AMOCRM_CLIENT_ID / AMOCRM_CLIENT_SECRET, ...): unset, "not configured". */
const oauthClientSettings = Object.fromEntries(
  INTEGRATION_CATALOGUE.flatMap(({ oauthClientVariables: names }) => [
    ...(names ? [names.id, names.secret].map((name) => [name, optionalText]) : []),
    // The consent page's and token endpoint's root (CALENDLY_AUTH_ROOT): a proxy, a test's fake.
    ...(names?.root ? [[names.root, v.optional(url)]] : []),
  ]),
) as Record<string, typeof optionalText>;

/** settings.oauthClients: the types whose OAuth application is configured with both its id and secret. */
export function oauthClientsOf(
  config: Record<string, unknown>,
): Partial<Record<IntegrationType, { id: string; secret: string; root?: string }>> {
  return Object.fromEntries(
    INTEGRATION_CATALOGUE.flatMap(({ type, oauthClientVariables: names }) => {
      const id = names ? config[names.id] : undefined;
      const secret = names ? config[names.secret] : undefined;
      const root = names?.root ? config[names.root] : undefined;
      return typeof id === 'string' && id && typeof secret === 'string' && secret
        ? [[type, { id, secret, ...(typeof root === 'string' && root ? { root } : {}) }]]
        : [];
    }),
  );
}

/** The sidebar's Support, News and Documentation addresses; an unset one shows "will appear later". */
const sidebarLinks = {
  SUPPORT_URL: v.optional(url),
  NEWS_URL: v.optional(url),
  DOCS_URL: v.optional(url),
};

/** Card payments (T-Bank for rub, Stripe for usd/eur/kzt), invoices and requisites suggestions. */
const moneySettings = {
  TBANK_TERMINAL_KEY: optionalText,
  TBANK_PASSWORD: optionalText,
  TBANK_API_ROOT: v.optional(url),
  TBANK_RECEIPTS: v.optional(v.picklist(['true', 'false'], 'must be true or false')),
  TBANK_TAXATION: optionalText,
  TBANK_TAX: optionalText,
  TBANK_PAYMENT_METHOD: optionalText,
  TBANK_PAYMENT_OBJECT: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: v.optional(url),
  INVOICE_SELLER: optionalText,
  DADATA_API_KEY: optionalText,
  DADATA_API_ROOT: v.optional(url),
};

/**
 * How many reverse proxies in front of the embedded server append to X-Forwarded-For: "false" or
 * unset (0, the header is ignored), "true" (1), or a count. Only then is the header believed.
 */
const trustProxy = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^(true|false|\d{1,2})?$/i, 'must be true, false or the number of proxies'),
    v.transform((value) => {
      const lower = value.toLowerCase();
      return lower === 'true' ? 1 : lower === 'false' || lower === '' ? 0 : Number(lower);
    }),
  ),
  'false',
);

/** Embedded shape (`npm start`): everything has a default; JWT_SECRET is generated and kept if unset. */
export const localConfigSchema = v.object({
  PORT: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0), v.maxValue(65535)), '8787'),
  HOST: v.optional(v.string(), '127.0.0.1'),
  DATA_DIR: v.optional(v.string(), './data'),
  PUBLIC_URL: v.optional(url),
  JWT_SECRET: v.optional(secret),
  /** Generated into DATA_DIR/secrets-key when unset. */
  SECRETS_KEY: v.optional(secretsKey),
  MAIL_FROM: v.optional(v.string(), 'Bot Builder <no-reply@localhost>'),
  TRUST_PROXY: trustProxy,
  /** Addresses an account gives may be loopback/private/plain http: tests and closed networks only. */
  ALLOW_PRIVATE_ADDRESSES: v.optional(v.picklist(['true', 'false'], 'must be true or false'), 'false'),
  /** A Postgres server instead of PGlite under DATA_DIR; several processes may share it. Empty = unset. */
  DATABASE_URL: v.optional(
    v.union(
      [v.literal(''), v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'))],
      'must be a postgres:// URL',
    ),
  ),
  /** Upstash Redis for the kv (rate limits, caches) instead of memory or the DATABASE_URL table. */
  UPSTASH_REDIS_REST_URL: v.optional(url),
  UPSTASH_REDIS_REST_TOKEN: optionalText,
  ...llmSettings,
  ...apiRootSettings,
  ...oauthClientSettings,
  /** The product's Telegram bot that notifies the profile's recipients when a bot hands a dialogue over. */
  TELEGRAM_NOTIFY_BOT_TOKEN: optionalText,
  ...moneySettings,
  ...sidebarLinks,
});

/** Production shape (Workers): bindings and secrets, checked once when the Worker starts. */
export const workerConfigSchema = v.object({
  PUBLIC_URL: url,
  JWT_SECRET: secret,
  SECRETS_KEY: secretsKey,
  DATABASE_URL: v.pipe(v.string(), v.startsWith('postgres', 'must be a postgres:// URL')),
  UPSTASH_REDIS_REST_URL: url,
  UPSTASH_REDIS_REST_TOKEN: v.pipe(v.string(), v.nonEmpty('must not be empty')),
  QSTASH_URL: v.optional(url),
  QSTASH_TOKEN: v.pipe(v.string(), v.nonEmpty('must not be empty')),
  QSTASH_CURRENT_SIGNING_KEY: v.pipe(v.string(), v.nonEmpty('must not be empty')),
  QSTASH_NEXT_SIGNING_KEY: v.pipe(v.string(), v.nonEmpty('must not be empty')),
  PARTYKIT_HOST: url,
  PARTYKIT_SECRET: secret,
  /** The same value as the documents Worker's DOCUMENTS_SECRET: every call over the DOCUMENTS binding carries it. */
  DOCUMENTS_SECRET: secret,
  MAIL_API_URL: url,
  MAIL_API_KEY: v.pipe(v.string(), v.nonEmpty('must not be empty')),
  MAIL_FROM: v.pipe(v.string(), v.nonEmpty('must not be empty')),
  ...llmSettings,
  ...apiRootSettings,
  ...oauthClientSettings,
  /** The product's Telegram bot that notifies the profile's recipients when a bot hands a dialogue over. */
  TELEGRAM_NOTIFY_BOT_TOKEN: optionalText,
  ...moneySettings,
  ...sidebarLinks,
  /** Tests only: a plain WebSocket proxy in front of a Postgres that stands in for Neon. */
  NEON_WS_PROXY: v.optional(v.string()),
});

export type LocalConfig = v.InferOutput<typeof localConfigSchema>;
export type WorkerConfig = v.InferOutput<typeof workerConfigSchema>;

export interface ConfigProblem {
  /** The variable, e.g. JWT_SECRET. */
  setting: string;
  /** What is wrong with it, e.g. "is missing"; never its value. */
  reason: string;
}

export type WorkerConfigCheck = { ok: true; config: WorkerConfig } | { ok: false; problems: ConfigProblem[] };

/**
 * The Worker's start-up check. Problems name the variable and the rule it breaks but never echo the
 * value: valibot's default type message quotes its input, and these inputs are secrets.
 */
export function checkWorkerConfig(bindings: Record<string, unknown>): WorkerConfigCheck {
  const result = v.safeParse(workerConfigSchema, bindings);
  if (result.success) return { ok: true, config: result.output };
  const problems = result.issues.map((issue) => ({
    setting: v.getDotPath(issue) ?? '?',
    reason:
      issue.input === undefined ? 'is missing' : issue.kind === 'schema' ? 'is not a string' : issue.message,
  }));
  return { ok: false, problems };
}

/** Parses configuration once; a bad value stops start-up with every problem named. */
export function readConfig<S extends v.GenericSchema>(
  schema: S,
  source: Record<string, unknown>,
): v.InferOutput<S> {
  const result = v.safeParse(schema, source);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? '?'}: ${issue.message}`);
  throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
}
