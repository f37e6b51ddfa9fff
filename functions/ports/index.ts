import type { IntegrationType } from '../../db/schema/integrations';
import type { WebhookFetch } from '../engine/actions/webhook-fetch';
import type { InvoiceSeller } from '../payments/invoice/document-parts';
import type { Clock } from './clock';
import type { Db } from './db';
import type { Files } from './files';
import type { Jobs } from './jobs';
import type { Kv } from './kv';
import type { Llm } from './llm';
import type { Mail } from './mail';
import type { Payments } from './payments';
import type { Rooms } from './rooms';
import type { Streams } from './streams';

/** Everything domain code may touch outside itself; each shape's entry file builds these. */
export interface Ports {
  db: Db;
  kv: Kv;
  mail: Mail;
  clock: Clock;
  jobs: Jobs;
  rooms: Rooms;
  llm: Llm;
  /** Uploaded files' bytes: R2, a folder under DATA_DIR, or a temporary folder in tests. */
  files: Files;
  /** Card payments: T-Bank for rub, Stripe for the others, or none configured. */
  payments: Payments;
  /** Event streams held open for integrations that have no webhooks; absent where none are held. */
  streams?: Streams;
}

/** Settings the app itself needs, whatever the shape. */
export interface AppSettings {
  /** HS256 key for session tokens, at least 32 characters. */
  jwtSecret: string;
  /** The product's public origin, e.g. https://app.example.com. */
  publicUrl: string;
  /**
   * Whether bot webhooks may call loopback, private and link-local addresses. Off by default, so a
   * bot cannot be used to reach the server's own network; tests and closed installations turn it on.
   */
  allowPrivateWebhooks?: boolean;
  /**
   * API roots of integrations by type (TELEGRAM_API_ROOT, WAZZUP_API_ROOT, ...: the catalogue's
   * apiRootVariable); a module uses the system's public one when unset (tests point them at fakes).
   */
  apiRoots?: Partial<Record<IntegrationType, string>>;
  /** The product's own Telegram bot that notifies the profile's recipients (TELEGRAM_NOTIFY_BOT_TOKEN). */
  notifyBotToken?: string;
  /** OAuth applications of integrations by type (AMOCRM_CLIENT_ID/SECRET, ...); an absent one is "not configured". */
  oauthClients?: Partial<Record<IntegrationType, { id: string; secret: string }>>;
  /**
   * AES-256-GCM key for integration credentials at rest (bot tokens, webhook secrets): 32 bytes in
   * base64 or hex (functions/secrets/secrets-key.ts). Configuration's SECRETS_KEY.
   */
  secretsKey: string;
  /**
   * How bot webhooks reach their URL: resolving and pinning the checked address in Node, the
   * platform's fetch on Workers (functions/engine/actions/webhook-fetch.ts).
   */
  webhookFetch: WebhookFetch;
  /** Our company on invoices and acts (INVOICE_SELLER); invoices are not offered without it. */
  invoiceSeller?: InvoiceSeller;
  /** The DaData key for requisites suggestions by INN and BIK; the form works without it. */
  dadata?: { apiKey: string; apiRoot?: string };
  /** The sidebar's external links (SUPPORT_URL, NEWS_URL, DOCS_URL); unset ones are not offered yet. */
  externalLinks?: ExternalLinks;
}

/** Addresses of the Support, News and Documentation sidebar items, set at run time. */
export interface ExternalLinks {
  support?: string;
  news?: string;
  docs?: string;
}
