// `npm run bench`: prints the figures of the embedded server and the build sizes.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { startFakeAmo } from '../tests/fakes/amocrm';
import { startFakeAvito } from '../tests/fakes/avito';
import { startFakeOpenAi } from '../tests/fakes/openai';
import { startFakeTelegram } from '../tests/fakes/telegram';
import { startFakeWazzup } from '../tests/fakes/wazzup';
import { startFakeWhatsAppCloud } from '../tests/fakes/whatsapp-cloud';
import { startLocalServer } from '../tests/support/local-server';
import { codeFromMail } from '../tests/support/mail-folder';
import { amoWebhookLoad } from './amocrm-webhook';
import { telegramAnswerLatency } from './answer-latency';
import { apiChannelWebhookLoad } from './api-channel-webhook';
import { avitoWebhookLoad } from './avito-webhook';
import { bookingFigures } from './booking';
import { engineOverhead } from './engine';
import { knowledgeFigures } from './knowledge';
import { type LoadFigures, load } from './load';
import { moneyFigures } from './money';
import {
  API_WORKER_BUDGET_BYTES,
  spaInitialJsGzip,
  WORKER_CONFIGS,
  widgetBundleGzip,
  workerBundle,
} from './sizes';
import { type OwnerCall, telegramWebhookLoad } from './webhook';
import { whatsappCloudWebhookLoad } from './whatsapp-cloud-webhook';
import { wazzupWebhookLoad } from './whatsapp-webhook';

const root = new URL('..', import.meta.url).pathname;
const tmp = join(root, 'bench/.tmp');
await mkdir(tmp, { recursive: true });
const dataDir = await mkdtemp(join(tmp, 'data-'));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const row = (name: string, f: LoadFigures) =>
  `${name.padEnd(34)} ${String(f.requestsPerSecond).padStart(7)} req/s   p50 ${f.p50} ms   p99 ${f.p99} ms${
    f.errors ? `   (${f.errors} errors)` : ''
  }`;

spawnSync('npm', ['run', 'build:web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });

const telegram = await startFakeTelegram();
const model = await startFakeOpenAi({ apiKey: 'sk-bench' });
const wazzup = await startFakeWazzup({ relayUnreachable: true });
const whatsappCloud = await startFakeWhatsAppCloud();
const avito = await startFakeAvito();
const amo = await startFakeAmo({ redirectUri: 'https://bench.example.com/amo/install', rateLimit: 1000 });
const first = await startLocalServer(dataDir);
await first.stop();
// Telegram accepts only public HTTPS webhooks: the server is reached at its local address meanwhile.
const server = await startLocalServer(dataDir, undefined, {
  TELEGRAM_API_ROOT: telegram.url,
  WAZZUP_API_ROOT: wazzup.url,
  WHATSAPP_API_ROOT: whatsappCloud.url,
  AVITO_API_ROOT: avito.url,
  AMOCRM_API_ROOT: amo.url,
  AMOCRM_CLIENT_ID: amo.clientId,
  AMOCRM_CLIENT_SECRET: amo.clientSecret,
  PUBLIC_URL: 'https://bench.example.com',
  LLM_BASE_URL: model.baseUrl,
  LLM_API_KEY: 'sk-bench',
});
try {
  const email = 'bench@example.com';
  const password = 'bench-password-1';
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<Record<string, unknown>>);
  await post('/api/register', {
    name: 'Bench',
    email,
    phone: '79990000000',
    password,
    password_confirmation: password,
  });
  await post('/api/verify-email', { email, code: await codeFromMail(dataDir, email) });
  const { token } = (await post('/api/login', { email, password })) as { token: string };

  const bare = await load(`${server.url}/api/health/live`, {});
  const auth = { authorization: `Bearer ${token}` };
  const profile = await load(`${server.url}/api/profile`, auth);
  // A bot that waits 60 s before answering: the figure is accepting messages, not answering them.
  const bot = await fetch(`${server.url}/api/bot`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench',
      system_prompt: 'Answer briefly.',
      accumulation_messages_seconds: 60,
    }),
  }).then((r) => r.json() as Promise<{ id: string }>);
  await fetch(`${server.url}/api/bot/${bot.id}`, {
    method: 'PATCH',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ is_work: true }),
  });
  const inbound = await load(
    `${server.url}/api/check/messages`,
    { ...auth, 'content-type': 'application/json' },
    {
      method: 'POST',
      body: JSON.stringify({ bot_id: bot.id, text: 'Здравствуйте, есть запись на завтра?' }),
    },
  );

  const ownerCall: OwnerCall = async (method, path, body) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const telegramUpdates = await telegramWebhookLoad(server.url, telegram, ownerCall);
  const whatsappMessages = await wazzupWebhookLoad(server.url, wazzup, ownerCall);
  const whatsappCloudMessages = await whatsappCloudWebhookLoad(server.url, whatsappCloud, ownerCall);
  const avitoMessages = await avitoWebhookLoad(server.url, avito, ownerCall);
  const amoMessages = await amoWebhookLoad(server.url, amo, ownerCall);
  const apiChannelMessages = await apiChannelWebhookLoad(server.url, ownerCall);
  const answerLatency = await telegramAnswerLatency(server.url, telegram, ownerCall);

  console.log('\nLocal server (embedded shape, PGlite), 16 connections, 5 s each');
  console.log(row('bare Hono route GET /api/health/live', bare));
  console.log(row('authenticated GET /api/profile', profile));
  console.log(row('inbound POST /api/check/messages', inbound));
  console.log(row('Telegram webhook updates accepted', telegramUpdates));
  console.log(row('WhatsApp (Wazzup) messages accepted', whatsappMessages));
  console.log(row('WhatsApp Cloud webhooks accepted', whatsappCloudMessages));
  console.log(row('Avito webhooks accepted', avitoMessages));
  console.log(row('amoCRM chat messages accepted', amoMessages));
  console.log(row('API channel webhooks accepted', apiChannelMessages));
  console.log(answerLatency);
  console.log(
    `profile / bare throughput ratio     ${(profile.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}`,
  );
  console.log('\nStart-up (npm start to "Ready", SPA already built)');
  console.log(`fresh DATA_DIR (creates the database) ${(first.readyMs / 1000).toFixed(2)} s`);
  console.log(`restart on existing data             ${(server.readyMs / 1000).toFixed(2)} s`);
} finally {
  await server.stop();
  await telegram.close();
  await model.close();
  await wazzup.close();
  await whatsappCloud.close();
  await avito.close();
  await amo.close();
  await rm(dataDir, { recursive: true, force: true });
}

console.log('');
for (const line of await engineOverhead()) console.log(line);
console.log('');
for (const line of await bookingFigures()) console.log(line);
console.log('');
for (const line of await moneyFigures()) console.log(line);
console.log('');
for (const line of await knowledgeFigures()) console.log(line);

const spa = spaInitialJsGzip();
console.log('\nSizes (gzip -9)');
console.log(`SPA initial JavaScript (${spa.files} files)     ${kb(spa.bytes)}`);
console.log(
  `Website widget (widget.js)           ${kb(widgetBundleGzip())}   (Chatwoot's widget: ~170 KB transferred)`,
);
const workerOut = await mkdtemp(join(tmp, 'worker-'));
try {
  const api = workerBundle(WORKER_CONFIGS.api, join(workerOut, 'api'));
  // The API Worker must not carry document reading or PDF drawing: a line that says so fails the run.
  const verdict = api.documentCode.length
    ? `FAILED: carries document code (${api.documentCode.join(', ')})`
    : api.gzipBytes > API_WORKER_BUDGET_BYTES
      ? `FAILED: over the ${kb(API_WORKER_BUDGET_BYTES)} target`
      : `target ≤ ${kb(API_WORKER_BUDGET_BYTES)}, no document code`;
  if (verdict.startsWith('FAILED')) process.exitCode = 1;
  console.log(`API Worker bundle                    ${kb(api.gzipBytes)}   (${verdict})`);
  const documents = workerBundle(WORKER_CONFIGS.documents, join(workerOut, 'documents'));
  console.log(
    `Documents Worker bundle              ${kb(documents.gzipBytes)}   (parsing and PDFs, behind DOCUMENTS)`,
  );
} catch (error) {
  console.log(`Worker bundles                       unavailable: ${(error as Error).message.split('\n')[0]}`);
} finally {
  await rm(workerOut, { recursive: true, force: true });
}
