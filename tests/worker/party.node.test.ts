import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { attachRoomSockets } from '../../functions/local-rooms-socket';
import type { Rooms } from '../../functions/ports/rooms';
import { LocalRooms } from '../../functions/ports/rooms-local';
import { PartyKitRooms } from '../../functions/ports/rooms-partykit';
import { type DevServer, freePort, ROOT, startDevServer } from './support/processes';

const SECRET = 'party-test-secret-long-enough-to-pass-the-check';

/** A shape's realtime side: where browsers connect, and the API's port that publishes. */
interface Shape {
  origin: string;
  rooms: Rooms;
  stop: () => Promise<void>;
}

async function localShape(): Promise<Shape> {
  const server: Server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const rooms = new LocalRooms(SECRET, `http://127.0.0.1:${port}`);
  const sockets = attachRoomSockets(server, rooms);
  return {
    origin: `http://127.0.0.1:${port}`,
    rooms,
    stop: async () => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}

let partykit: DevServer;

async function partykitShape(): Promise<Shape> {
  return { origin: partykit.url, rooms: new PartyKitRooms(partykit.url, SECRET), stop: async () => {} };
}

const openSockets = new Set<WebSocket>();
afterEach(() => {
  for (const socket of openSockets) socket.terminate();
  openSockets.clear();
});

/** A browser's socket on the address the API hands out for a room, collecting what it receives. */
async function browser(shape: Shape, room: string) {
  const socket = new WebSocket(await shape.rooms.joinUrl(room, new Date()));
  openSockets.add(socket);
  const received: string[] = [];
  let read = 0;
  socket.on('message', (data) => received.push(String(data)));
  await once(socket, 'open');
  return {
    received,
    /** The next message not yet read, waiting for it if need be. */
    next: async (timeoutMs = 5_000) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= read && Date.now() < deadline) await new Promise((d) => setTimeout(d, 20));
      return received[read++];
    },
  };
}

beforeAll(async () => {
  const port = await freePort();
  partykit = await startDevServer(
    [
      'npx',
      'partykit',
      'dev',
      '--port',
      String(port),
      '--var',
      `PARTYKIT_SECRET=${SECRET}`,
      '--disable-request-cf-fetch',
      '--no-hotkeys',
      '--persist',
      join(ROOT, 'tests/.tmp/partykit-state'),
    ],
    `http://127.0.0.1:${port}`,
  );
});
afterAll(() => partykit?.stop());

// The same behaviour from the embedded shape's rooms (local-rooms-socket.ts) and PartyKit (party/main.ts).
describe.each([
  ['local rooms', localShape],
  ['PartyKit room', partykitShape],
])('%s', (_name, makeShape) => {
  let shape: Shape;
  beforeAll(async () => {
    shape = await makeShape();
  });
  afterAll(() => shape?.stop());

  it("sends each published message to every socket of the room as JSON text, and only that room's", async () => {
    const room = `integration-${crypto.randomUUID()}`;
    const [first, second] = [await browser(shape, room), await browser(shape, room)];
    const other = await browser(shape, `${room}-other`);
    const message = { type: 'qr', code: 'data:image/png;base64,AAAA', text: 'Сканируйте код' };
    await shape.rooms.publish(room, message);
    expect(await first.next()).toBe(JSON.stringify(message));
    expect(await second.next()).toBe(JSON.stringify(message));
    await shape.rooms.publish(room, { type: 'connected' });
    expect(await first.next()).toBe('{"type":"connected"}');
    expect(other.received).toEqual([]);
  });

  it("refuses a socket without a token, with another room's token, or with a token signed by another key", async () => {
    const room = `chat:${crypto.randomUUID()}`;
    const plain = `${shape.origin.replace(/^http/, 'ws')}/parties/main/${encodeURIComponent(room)}`;
    const otherRoomsUrl = await shape.rooms.joinUrl(`${room}-other`, new Date());
    const otherRoomsToken = new URL(otherRoomsUrl).searchParams.get('token') ?? '';
    const forged = await new LocalRooms('another-secret-that-is-long-enough-too', shape.origin).joinUrl(
      room,
      new Date(),
    );
    for (const url of [plain, `${plain}?token=${otherRoomsToken}`, forged]) {
      const socket = new WebSocket(url);
      openSockets.add(socket);
      const [error] = (await once(socket, 'error')) as [Error];
      expect(error.message).toContain('401');
    }
  });
});

describe('PartyKit room HTTP side', () => {
  const roomUrl = () => `${partykit.url}/parties/main/room-${crypto.randomUUID()}`;

  it('refuses a publish without the shared secret', async () => {
    await expect(
      new PartyKitRooms(partykit.url, 'wrong-secret-that-is-also-long-enough').publish('r', {}),
    ).rejects.toThrow('PartyKit answered 401');
    const response = await fetch(roomUrl(), { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('accepts only POST with a JSON body', async () => {
    expect((await fetch(roomUrl())).status).toBe(405);
    const notJson = await fetch(roomUrl(), {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}` },
      body: 'not json',
    });
    expect(notJson.status).toBe(400);
  });
});
