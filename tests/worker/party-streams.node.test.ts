import { once } from 'node:events';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postToParty } from '../../functions/ports/party-post';
import type { StreamTarget } from '../../functions/ports/streams';
import { PartyKitStreams } from '../../functions/ports/streams-partykit';
import { type FakeRetail, startFakeRetail } from '../fakes/retailcrm';
import { type DevServer, ROOT, startPartykitDev } from './support/processes';

/**
 * The production shape's stream holder (functions/party/streams.ts) under `partykit dev`: a room
 * opens RetailCRM's chat-gateway socket with the bot's token, posts each frame to the app's inbound
 * address with the stream secret, keeps one socket however often it is asked, and lets go of itself
 * when the app answers 404.
 */

const SECRET = 'party-streams-secret-long-enough-to-pass';
const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');
const STATE = 'tests/.tmp/partykit-streams-state';
const STREAM_SECRET = 'stream-secret-1-long-enough-to-find';

/** Every byte the dev server keeps of its rooms' storage, as text. */
function storedBytes(dir: string): string {
  let text = '';
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    text += statSync(path).isDirectory() ? storedBytes(path) : readFileSync(path).toString('latin1');
  }
  return text;
}

let partykit: DevServer;
let crm: FakeRetail;
let app: Server;
let appUrl: string;
let answer = 200;
const received: { headers: Record<string, unknown>; body: string }[] = [];

beforeAll(async () => {
  crm = await startFakeRetail();
  app = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
    });
  });
  app.listen(0, '127.0.0.1');
  await once(app, 'listening');
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  rmSync(join(ROOT, STATE), { recursive: true, force: true });
  partykit = await startPartykitDev(SECRET, STATE, { SECRETS_KEY });
});

afterAll(async () => {
  await partykit?.stop();
  await crm?.close();
  app?.closeAllConnections();
  await new Promise((done) => app?.close(done));
});

const target = (key: string): StreamTarget => ({
  key,
  url: `${crm.url.replace(/^http/, 'ws')}/mg/api/bot/v1/ws?events=message_new`,
  headers: { 'X-Bot-Token': crm.botToken },
  path: `/api/webhooks/retailcrm/${key}`,
  forwardHeaders: { 'x-onchat-stream-secret': STREAM_SECRET },
});

describe('PartyKit stream room', () => {
  it('holds one socket per stream, hands frames on with the secret, and lets go when the app answers 404', async () => {
    const streams = new PartyKitStreams(partykit.url, SECRET, appUrl);
    const key = `integration-${Date.now()}`;
    await streams.hold(target(key));
    await streams.hold(target(key));
    await vi.waitFor(() => expect(crm.streams).toBe(1), { timeout: 15_000 });

    crm.customerWrites(5, 'Здравствуйте');
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000 });
    expect(received[0]?.headers['x-onchat-stream-secret']).toBe(STREAM_SECRET);
    expect(JSON.parse(received[0]?.body ?? '{}')).toMatchObject({
      type: 'message_new',
      data: { message: { chat_id: 5, content: 'Здравствуйте', from: { type: 'customer' } } },
    });

    // The room's storage keeps the bot's token and the stream secret sealed, never in the clear.
    const stored = storedBytes(join(ROOT, STATE));
    expect(stored.includes('heldAt'), 'the hold is stored').toBe(true);
    expect(stored.includes(crm.botToken), 'the bot token in the clear').toBe(false);
    expect(stored.includes(STREAM_SECRET), 'the stream secret in the clear').toBe(false);

    answer = 404;
    crm.customerWrites(5, 'Есть кто?');
    await vi.waitFor(() => expect(crm.streams).toBe(0), { timeout: 10_000 });
  });

  it('refuses a hold without the shared secret or for another room', async () => {
    const key = `integration-${Date.now()}-b`;
    const url = `${partykit.url}/parties/streams/${key}`;
    await expect(postToParty(url, 'not-the-secret-but-long-enough-to-check', {})).rejects.toThrow('401');
    await expect(
      postToParty(url, SECRET, { command: 'hold', target: { ...target('another'), forwardUrl: appUrl } }),
    ).rejects.toThrow('400');
    expect(crm.streams).toBe(0);
  });
});
