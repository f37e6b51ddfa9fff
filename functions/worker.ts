/** Production shape: the Cloudflare Workers entry. The SPA is served by Workers static assets. */
import { Client, Receiver } from '@upstash/qstash';
import type { ExecutionContext, Hono } from 'hono';
import { schedules } from '../schedules';
import { createApp } from './app';
import {
  apiRootsOf,
  type ConfigProblem,
  checkWorkerConfig,
  oauthClientsOf,
  type WorkerConfig,
} from './config';
import type { AppEnv } from './http/env';
import { directConnect, guardedFetchOver } from './outbound/guarded-fetch';
import { sellerFromConfig } from './payments/invoice/seller-config';
import type { AppSettings, Ports } from './ports';
import { systemClock } from './ports/clock';
import { openNeonDb } from './ports/db-neon';
import { BoundDocuments, type FetcherLike } from './ports/documents-binding';
import { externalLinksFromConfig } from './ports/external-links-from-config';
import { type R2BucketLike, R2Files } from './ports/files-r2';
import { QStashJobs } from './ports/jobs-qstash';
import { UpstashKv } from './ports/kv-upstash';
import { llmFromConfig } from './ports/llm-from-config';
import { HttpMail } from './ports/mail-http';
import { paymentsFromConfig } from './ports/payments-from-config';
import { PartyKitRooms } from './ports/rooms-partykit';
import { PartyKitStreams } from './ports/streams-partykit';
import { type AssetsLike, AssetTemplates } from './ports/templates-assets';
import { jobsRoutes } from './routes/jobs';
import { engineRunners, scheduleRunners } from './routes/jobs/runners';
import { qstashSignatureVerifier } from './routes/jobs/verify';

type Bindings = Record<string, unknown>;

/** What an isolate builds once: everything but the database, which cannot outlive a request. */
interface Isolate {
  config: WorkerConfig;
  settings: AppSettings;
  ports: Omit<Ports, 'db'>;
  jobRoutes: Hono<AppEnv>;
}

type Start = { ok: true; isolate: Isolate } | { ok: false; problems: ConfigProblem[] };

function buildIsolate(config: WorkerConfig, env: Bindings): Isolate {
  const publicUrl = config.PUBLIC_URL.replace(/\/+$/, '');
  const qstash = new Client({ token: config.QSTASH_TOKEN, baseUrl: config.QSTASH_URL, devMode: false });
  const receiver = new Receiver({
    currentSigningKey: config.QSTASH_CURRENT_SIGNING_KEY,
    nextSigningKey: config.QSTASH_NEXT_SIGNING_KEY,
    devMode: false,
  });
  const settings: AppSettings = {
    jwtSecret: config.JWT_SECRET,
    publicUrl,
    apiRoots: apiRootsOf(config),
    oauthClients: oauthClientsOf(config),
    notifyBotToken: config.TELEGRAM_NOTIFY_BOT_TOKEN || undefined,
    secretsKey: config.SECRETS_KEY,
    guardedFetch: guardedFetchOver(directConnect),
    invoiceSeller: sellerFromConfig(config.INVOICE_SELLER),
    dadata: config.DADATA_API_KEY
      ? { apiKey: config.DADATA_API_KEY, apiRoot: config.DADATA_API_ROOT }
      : undefined,
    externalLinks: externalLinksFromConfig(config),
  };
  const runners = new Map([...scheduleRunners(schedules, settings), ...engineRunners(settings)]);
  // wrangler.toml binds the documents Worker as DOCUMENTS: it reads documents and draws PDFs.
  const documents = new BoundDocuments(env.DOCUMENTS as FetcherLike, config.DOCUMENTS_SECRET);
  return {
    config,
    settings,
    ports: {
      kv: new UpstashKv(config.UPSTASH_REDIS_REST_URL, config.UPSTASH_REDIS_REST_TOKEN),
      mail: new HttpMail(config.MAIL_API_URL, config.MAIL_API_KEY, config.MAIL_FROM),
      clock: systemClock,
      jobs: new QStashJobs(qstash, publicUrl),
      rooms: new PartyKitRooms(config.PARTYKIT_HOST.replace(/\/+$/, ''), config.PARTYKIT_SECRET),
      streams: new PartyKitStreams(
        config.PARTYKIT_HOST.replace(/\/+$/, ''),
        config.PARTYKIT_SECRET,
        publicUrl,
      ),
      llm: llmFromConfig(config),
      // wrangler.toml binds the bucket as FILES.
      files: new R2Files(env.FILES as R2BucketLike),
      payments: paymentsFromConfig(config),
      parser: documents,
      pdf: documents,
      // wrangler.toml binds the static assets as ASSETS; `npm run build:web` writes the templates there.
      templates: new AssetTemplates(env.ASSETS as AssetsLike),
    },
    jobRoutes: jobsRoutes({ verify: qstashSignatureVerifier(receiver), runners }),
  };
}

function start(env: Bindings): Start {
  const check = checkWorkerConfig(env);
  const problems = check.ok ? [] : check.problems;
  if (typeof (env.DOCUMENTS as Partial<FetcherLike> | undefined)?.fetch !== 'function')
    problems.push({ setting: 'DOCUMENTS', reason: 'is not bound to the documents Worker' });
  if (typeof (env.ASSETS as Partial<AssetsLike> | undefined)?.fetch !== 'function')
    problems.push({ setting: 'ASSETS', reason: 'is not bound to the static assets' });
  if (check.ok && problems.length === 0) return { ok: true, isolate: buildIsolate(check.config, env) };
  const lines = problems.map(({ setting, reason }) => `${setting} ${reason}`);
  console.error(`Invalid configuration; the API answers 500 until it is fixed:\n  ${lines.join('\n  ')}`);
  return { ok: false, problems };
}

/** Names the settings to fix, never their values; the reasons are in the Worker's log. */
function misconfigured(problems: ConfigProblem[]): Response {
  const names = [...new Set(problems.map((problem) => problem.setting))].join(', ');
  const message = `The server is not configured: ${names}. See the Worker log.`;
  return Response.json({ message, code: 'internal_error' }, { status: 500 });
}

let started: Start | undefined;

async function handle(request: Request, env: Bindings, ctx: ExecutionContext): Promise<Response> {
  started ??= start(env);
  if (!started.ok) return misconfigured(started.problems);
  const { config, settings, ports, jobRoutes } = started.isolate;
  // Workers cannot reuse a socket across requests, so each request gets its own Neon pool.
  const { db, pool } = openNeonDb({ connectionString: config.DATABASE_URL, wsProxy: config.NEON_WS_PROXY });
  let ending = false;
  // An idle connection's error reaches the pool; unheard, it would throw. Once the pool is ending, the
  // server closing the socket after Terminate surfaces here too, and that one is expected.
  pool.on('error', (error: Error) => {
    if (!ending) console.error('Neon connection failed', error);
  });
  try {
    const app = createApp({ ...ports, db }, settings, {
      clientIp: (c) => c.req.header('cf-connecting-ip'),
      extraRoutes: jobRoutes,
    });
    return await app.fetch(request, env, ctx);
  } finally {
    ending = true;
    ctx.waitUntil(pool.end().catch((error: unknown) => console.error('closing the Neon pool', error)));
  }
}

export default { fetch: handle };
