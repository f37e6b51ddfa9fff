/**
 * Embedded default shape: one Node process serving the SPA and the API over PGlite (`npm start`), or
 * over a Postgres server (DATABASE_URL) that several such processes share.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { schedules } from '../schedules';
import { createApp } from './app';
import { apiRootsOf, localConfigSchema, oauthClientsOf, readConfig } from './config';
import { forwardedClient } from './http/forwarded-client';
import { nodeClientIp } from './http/node-client-ip';
import { jobHandlers } from './jobs';
import { listenFirst } from './local-listen';
import { attachRoomSockets } from './local-rooms-socket';
import { loadOrCreateSecret, loadOrCreateSecretsKey } from './local-secret';
import { openApiDocument } from './openapi/document';
import { guardedLookup, resolvingGuardedFetch } from './outbound/guarded-fetch-node';
import { sellerFromConfig } from './payments/invoice/seller-config';
import type { AppSettings, Ports } from './ports';
import { systemClock } from './ports/clock';
import { openNodeDb } from './ports/db-from-config';
import { externalLinksFromConfig } from './ports/external-links-from-config';
import { FolderFiles } from './ports/files-folder';
import { LocalJobs, startSchedules } from './ports/jobs-local';
import { kvFromConfig } from './ports/kv-from-config';
import { llmFromConfig } from './ports/llm-from-config';
import { EmlFolderMail } from './ports/mail-eml';
import { ThreadParser } from './ports/parser-thread';
import { paymentsFromConfig } from './ports/payments-from-config';
import { InlinePdf } from './ports/pdf-inline';
import { postgresRoomsBus } from './ports/rooms-bus-postgres';
import { LocalRooms } from './ports/rooms-local';
import { LocalStreams } from './ports/streams-local';
import { bundledTemplates } from './ports/templates-bundled';

const config = readConfig(localConfigSchema, process.env);
const dataDir = resolve(config.DATA_DIR);
await mkdir(dataDir, { recursive: true });
const webRoot = resolve(import.meta.dirname, '../web/dist');

// The port is held before anything is built (PORT=0 picks a free one), so links, job callbacks and
// room addresses carry the real one; requests that come early wait for the app.
const listening = await listenFirst(config.HOST, config.PORT);
const { server, port } = listening;

const clock = systemClock;
const database = await openNodeDb(config.DATABASE_URL, dataDir);
const { db } = database;
const jobs = new LocalJobs(db, clock);
const publicUrl = config.PUBLIC_URL ?? `http://${config.HOST}:${port}`;
const jwtSecret = config.JWT_SECRET ?? (await loadOrCreateSecret(dataDir));
const secretsKey = config.SECRETS_KEY ?? (await loadOrCreateSecretsKey(dataDir));
// Room tokens get their own key, so a room token can never pass for a session token.
const kv = kvFromConfig(config, db, clock);
// Several processes on one Postgres hear each other's room events (a socket is held by one of them).
const roomsBus = config.DATABASE_URL ? postgresRoomsBus(config.DATABASE_URL, kv) : undefined;
const rooms = new LocalRooms(`rooms:${jwtSecret}`, publicUrl, roomsBus);
await rooms.listen();
// Frames of held streams go to the app inside this process (it exists by the time one arrives).
const streams = new LocalStreams(
  async (path, init) => app.request(path, init),
  Date.now,
  guardedLookup(config.ALLOW_PRIVATE_ADDRESSES === 'true'),
);
const ports: Ports = {
  db,
  clock,
  jobs,
  rooms,
  kv,
  mail: new EmlFolderMail(join(dataDir, 'mail'), config.MAIL_FROM, clock),
  llm: llmFromConfig(config),
  files: new FolderFiles(join(dataDir, 'files')),
  payments: paymentsFromConfig(config),
  parser: new ThreadParser(),
  pdf: new InlinePdf(),
  templates: bundledTemplates,
  streams,
};
const settings: AppSettings = {
  jwtSecret,
  publicUrl,
  apiRoots: apiRootsOf(config),
  oauthClients: oauthClientsOf(config),
  notifyBotToken: config.TELEGRAM_NOTIFY_BOT_TOKEN || undefined,
  secretsKey,
  guardedFetch: resolvingGuardedFetch(),
  allowPrivateAddresses: config.ALLOW_PRIVATE_ADDRESSES === 'true',
  invoiceSeller: sellerFromConfig(config.INVOICE_SELLER),
  dadata: config.DADATA_API_KEY
    ? { apiKey: config.DADATA_API_KEY, apiRoot: config.DADATA_API_ROOT }
    : undefined,
  externalLinks: externalLinksFromConfig(config),
};

for (const [name, handler] of Object.entries(jobHandlers)) {
  jobs.register(name, (payload) => handler(payload, ports, settings));
}

const app = createApp(ports, settings, {
  clientIp: nodeClientIp(config.TRUST_PROXY),
  referenceDocument: openApiDocument,
});
app.use('/*', serveStatic({ root: webRoot }));
app.get('*', serveStatic({ root: webRoot, path: 'index.html' }));

const stopSchedules = startSchedules(
  jobs,
  clock,
  schedules.map((s) => ({ ...s, handler: () => s.handler(ports, settings) })),
);
jobs.start();

listening.serve(app.fetch);
const listeningAt = `http://${config.HOST}:${port}`;
const reachedAs = publicUrl === listeningAt ? '' : `, reached as ${publicUrl}`;
console.log(`Ready: ${listeningAt} (data in ${dataDir}, database ${database.where}${reachedAs})`);
const sockets = attachRoomSockets(server, rooms, {
  clientIp: (request) => {
    const forwardedFor = request.headers['x-forwarded-for'];
    const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
    return forwardedClient(request.socket.remoteAddress, header, config.TRUST_PROXY);
  },
});

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  stopSchedules();
  sockets.close();
  streams.close();
  server.close();
  await jobs.stop();
  await roomsBus?.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
