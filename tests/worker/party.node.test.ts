import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { attachRoomSockets } from '../../functions/local-rooms-socket';
import { type Rooms, roomSocketUrl } from '../../functions/ports/rooms';
import { LocalRooms } from '../../functions/ports/rooms-local';
import { PartyKitRooms } from '../../functions/ports/rooms-partykit';
import { ROOM_CLOSE } from '../../functions/shared/room-revoke';
import { signRoomToken } from '../../functions/shared/room-token';
import { type DevServer, startPartykitDev } from './support/processes';

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
async function browser(shape: Shape, room: string, sessionId?: string) {
  const socket = socketOn(await shape.rooms.joinUrl(room, new Date(), sessionId));
  const received: string[] = [];
  let read = 0;
  socket.on('message', (data) => received.push(String(data)));
  const closed = once(socket, 'close').then(([code]) => code as number);
  await once(socket, 'open');
  return {
    socket,
    received,
    /** The close code, once the room closes the socket. */
    closed,
    /** The next message not yet read, waiting for it if need be. */
    next: async (timeoutMs = 5_000) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= read && Date.now() < deadline) await new Promise((d) => setTimeout(d, 20));
      return received[read++];
    },
  };
}

function socketOn(url: string): WebSocket {
  const socket = new WebSocket(url);
  openSockets.add(socket);
  return socket;
}

/**
 * Whether a socket on `url` is kept out: refused at the upgrade (the local server) or closed as
 * revoked right after it (PartyKit, whose edge check cannot see the room's revocations).
 */
async function keptOut(url: string): Promise<string> {
  const socket = socketOn(url);
  return new Promise((done) => {
    socket.once('error', (error) => done(error.message.includes('401') ? 'refused' : error.message));
    socket.once('close', (code) => done(code === ROOM_CLOSE.revoked.code ? 'refused' : `closed ${code}`));
  });
}

beforeAll(async () => {
  partykit = await startPartykitDev(SECRET, 'tests/.tmp/partykit-state');
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

  it('closes a socket when its token expires', async () => {
    const room = `integration-${crypto.randomUUID()}`;
    const token = signRoomToken(SECRET, room, new Date(), { seconds: 2 });
    const socket = socketOn(roomSocketUrl(shape.origin, room, token));
    const [code] = (await once(socket, 'close')) as [number];
    expect(code).toBe(ROOM_CLOSE.expired.code);
  });

  it("closes an ended session's sockets and keeps its token out, other sessions' sockets stay", async () => {
    const room = `account:${crypto.randomUUID()}`;
    const ended = await browser(shape, room, 'session-1');
    const kept = await browser(shape, room, 'session-2');
    const url = await shape.rooms.joinUrl(room, new Date(), 'session-1');
    await shape.rooms.revokeSockets(room, { session: 'session-1' });
    expect(await ended.closed).toBe(ROOM_CLOSE.revoked.code);
    expect(await keptOut(url)).toBe('refused');
    await shape.rooms.publish(room, { type: 'still-here' });
    expect(await kept.next()).toBe('{"type":"still-here"}');
  });

  it("closes every socket but the kept session's, sessionless ones included", async () => {
    const room = `account:${crypto.randomUUID()}`;
    const kept = await browser(shape, room, 'current');
    const others = [await browser(shape, room, 'other'), await browser(shape, room)];
    await shape.rooms.revokeSockets(room, { allBut: 'current' });
    expect(await Promise.all(others.map((other) => other.closed))).toEqual([
      ROOM_CLOSE.revoked.code,
      ROOM_CLOSE.revoked.code,
    ]);
    await shape.rooms.publish(room, { type: 'still-here' });
    expect(await kept.next()).toBe('{"type":"still-here"}');
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

  it('refuses a revoke without the shared secret, and a malformed one', async () => {
    const room = `account:${crypto.randomUUID()}`;
    await expect(
      new PartyKitRooms(partykit.url, 'wrong-secret-that-is-also-long-enough').revokeSockets(room, {
        allBut: null,
      }),
    ).rejects.toThrow('PartyKit answered 401');
    const forged = await fetch(`${roomUrl()}?command=revoke`, { method: 'POST', body: '{"allBut":null}' });
    expect(forged.status).toBe(401);
    const malformed = await fetch(`${roomUrl()}?command=revoke`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}` },
      body: '{"everyone":true}',
    });
    expect(malformed.status).toBe(400);
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
