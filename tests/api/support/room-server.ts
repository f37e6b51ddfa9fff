import { once } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { listenFirst } from '../../../functions/local-listen';
import { attachRoomSockets, type RoomSocketLimits } from '../../../functions/local-rooms-socket';
import { createTestApp, type TestApp } from '../../support/test-app';
import { apiClient, type Call } from './client';

/** The address a test socket claims to come from, so caps per IP can be tried from one machine. */
export const IP_HEADER = 'x-test-ip';

const clientIp = (request: IncomingMessage) => {
  const claimed = request.headers[IP_HEADER];
  return typeof claimed === 'string' ? claimed : request.socket.remoteAddress;
};

/**
 * The app over a real HTTP server with the embedded shape's room sockets attached, as `npm start`
 * builds it: `room.origin` is where browsers connect, `room.t` the app, `room.call` its client.
 */
export function roomServerApp(limits: Partial<RoomSocketLimits> = {}) {
  const room = {} as { t: TestApp; call: Call; origin: string; server: Server };
  beforeAll(async () => {
    const listening = await listenFirst('127.0.0.1', 0);
    room.server = listening.server;
    room.origin = `http://127.0.0.1:${listening.port}`;
    room.t = await createTestApp({ settings: { publicUrl: room.origin } });
    room.call = apiClient(room.t);
    listening.serve(room.t.app.fetch);
    attachRoomSockets(room.server, room.t.rooms, { ...limits, clientIp });
  });
  afterAll(async () => {
    room.server.closeAllConnections();
    await new Promise((done) => room.server.close(done));
    await room.t.close();
  });
  return room;
}

const opened = new Set<WebSocket>();

/** Drops every socket the tests opened (call in afterEach). */
export function dropSockets() {
  for (const socket of opened) socket.terminate();
  opened.clear();
}

/** A browser's socket on `url`, open, or the refusal's HTTP status when the upgrade is refused. */
export async function openSocket(url: string, ip = '10.1.0.1'): Promise<WebSocket | number> {
  const socket = new WebSocket(url, { headers: { [IP_HEADER]: ip } });
  opened.add(socket);
  return new Promise((done, fail) => {
    socket.once('open', () => done(socket));
    socket.once('unexpected-response', (_request, response: IncomingMessage) => {
      done(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', fail);
  });
}

/** Resolves with the close code once the server closes the socket. */
export const closedWith = async (socket: WebSocket): Promise<number> => {
  if (socket.readyState === WebSocket.CLOSED) throw new Error('closed before anyone listened');
  const [code] = (await once(socket, 'close')) as [number];
  return code;
};

/**
 * A hand-made upgrade request on a plain TCP socket, for what a WebSocket client would not send:
 * answers the status line of the reply and the socket (open after a 101).
 */
export function rawUpgrade(origin: string, path: string): Promise<{ status: string; socket: Socket }> {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
  );
  return new Promise((done, fail) => {
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      done({ status: head.slice(0, head.indexOf('\r\n')), socket });
    };
    socket.on('data', onData);
    socket.once('error', fail);
    socket.once('close', () => fail(new Error(`closed without an answer: ${JSON.stringify(head)}`)));
  });
}
