import type { IntegrationType } from '../../db/schema/integrations';
import type { GuardedFetch } from '../outbound/guarded-fetch';
import type { InvoiceSeller } from '../payments/invoice/document-parts';
import type { Clock } from './clock';
import type { Db } from './db';
import type { Files } from './files';
import type { Jobs } from './jobs';
import type { Kv } from './kv';
import type { Llm } from './llm';
import type { Mail } from './mail';
import type { DocumentParser } from './parser';
import type { Payments } from './payments';
import type { PdfRenderer } from './pdf';
import type { Rooms } from './rooms';
import type { Streams } from './streams';
import type { BotTemplates } from './templates';

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
  /** Reads uploaded documents within limits: a worker thread in Node, the documents Worker on Workers. */
  parser: DocumentParser;
  /** Draws invoice and act PDFs: in the process in Node, in the documents Worker on Workers. */
  pdf: PdfRenderer;
  /** The ready-made bots: compiled in in Node, the static assets' built JSON on Workers. */
  templates: BotTemplates;
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
   * Whether addresses an account controls (bot webhooks, CRM hosts, portals) may be loopback,
   * private or link-local, on any port, over plain http (ALLOW_PRIVATE_ADDRESSES). Off by default, so
   * an account cannot make the server reach its own network; tests and closed installations turn it on.
   */
  allowPrivateAddresses?: boolean;
  /**
   * API roots of integrations by type (TELEGRAM_API_ROOT, WAZZUP_API_ROOT, ...: the catalogue's
   * apiRootVariable); a module uses the system's public one when unset (tests point them at fakes).
   */
  apiRoots?: Partial<Record<IntegrationType, string>>;
  /** The product's own Telegram bot that notifies the profile's recipients (TELEGRAM_NOTIFY_BOT_TOKEN). */
  notifyBotToken?: string;
  /** OAuth applications of integrations by type (AMOCRM_CLIENT_ID/SECRET, ...); an absent one is "not configured". */
  oauthClients?: Partial<Record<IntegrationType, { id: string; secret: string; root?: string }>>;
  /**
   * AES-256-GCM key for integration credentials at rest (bot tokens, webhook secrets): 32 bytes in
   * base64 or hex (functions/secrets/secrets-key.ts). Configuration's SECRETS_KEY.
   */
  secretsKey: string;
  /**
   * The one guarded fetch for every address an account controls: resolving and pinning the checked
   * address in Node, the platform's fetch on Workers (functions/outbound/guarded-fetch.ts).
   */
  guardedFetch: GuardedFetch;
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
