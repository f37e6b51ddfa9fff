import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { addressSubject } from './http/address-subject';
import { PlaceCounter } from './local-rooms-caps';
import type { LocalRooms } from './ports/rooms-local';
import { ROOM_CLOSE } from './shared/room-revoke';
import { type RoomGrant, readRoomToken } from './shared/room-token';

export interface RoomSocketLimits {
  /** Sockets one client address (an IPv6 /64) may hold open. */
  perIp: number;
  perRoom: number;
  /** Bytes of the largest frame a client may send; clients only listen, so this is small. */
  maxPayload: number;
  /** Bytes queued to a client that does not read before it is dropped. */
  maxBuffered: number;
  /** The client's address (e.g. from a trusted proxy's header); the TCP peer's by default. */
  clientIp: (request: IncomingMessage) => string | undefined;
}

export const ROOM_SOCKET_LIMITS: RoomSocketLimits = {
  perIp: 20,
  perRoom: 200,
  maxPayload: 4 * 1024,
  maxBuffered: 1024 * 1024,
  clientIp: (request) => request.socket.remoteAddress,
};

const ROOM_PATH = /^\/parties\/main\/([^/]+)$/;

/** The room a path names; null when it names none, undefined when its escape is malformed. */
function roomOf(path: string): string | null | undefined {
  const match = ROOM_PATH.exec(path)?.[1];
  if (!match) return null;
  try {
    return decodeURIComponent(match);
  } catch {
    return undefined;
  }
}

/** Answers an upgrade request with a plain HTTP status and drops the connection. */
function refuse(socket: Duplex, status: number, text: string): void {
  if (socket.destroyed) return;
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Serves local rooms on PartyKit's URL scheme, `/parties/main/{room}?token=...`, so the browser code
 * is the same; like the PartyKit room, a socket without a valid token for its room is refused. No
 * client can take the process down: every failure of an upgrade is answered, socket errors are
 * handled, frames are small, places are capped per client and per room, and a socket closes when
 * its token expires or its session ends (LocalRooms.revokeSockets).
 */
export function attachRoomSockets(
  server: Server,
  rooms: LocalRooms,
  options: Partial<RoomSocketLimits> = {},
): WebSocketServer {
  const limits = { ...ROOM_SOCKET_LIMITS, ...options };
  const sockets = new WebSocketServer({ noServer: true, maxPayload: limits.maxPayload });
  const perIp = new PlaceCounter(limits.perIp);
  const perRoom = new PlaceCounter(limits.perRoom);

  const follow = (ws: WebSocket, room: string, grant: RoomGrant) => {
    const leave = rooms.join(room, {
      sessionId: grant.sid,
      send: (data) => (ws.bufferedAmount > limits.maxBuffered ? ws.terminate() : ws.send(data)),
      close: (code, reason) => ws.close(code, reason),
    });
    const { code, reason } = ROOM_CLOSE.expired;
    const expiry = setTimeout(() => ws.close(code, reason), grant.exp * 1000 - Date.now());
    expiry.unref();
    // After a protocol error or an oversize frame ws closes the socket itself (1002, 1009).
    ws.on('error', () => {});
    ws.on('close', () => {
      clearTimeout(expiry);
      leave();
    });
  };

  const upgrade = async (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Until ws owns the socket, a reset must not become an unhandled 'error' event.
    socket.on('error', () => socket.destroy());
    const url = new URL(request.url ?? '/', 'http://local');
    const room = roomOf(url.pathname);
    if (room === undefined) return refuse(socket, 400, 'Bad Request');
    if (room === null) return refuse(socket, 404, 'Not Found');
    if (socket.destroyed) return;
    const releaseIp = perIp.take(addressSubject(limits.clientIp(request)));
    if (!releaseIp) return refuse(socket, 429, 'Too Many Requests');
    const releaseRoom = perRoom.take(room);
    if (!releaseRoom) {
      releaseIp();
      return refuse(socket, 503, 'Service Unavailable');
    }
    // The places are held from here to the end of the connection, whichever way it ends.
    socket.once('close', () => {
      releaseIp();
      releaseRoom();
    });
    const grant = readRoomToken(rooms.secret, url.searchParams.get('token'), room);
    if (!grant || !rooms.admits(room, grant)) return refuse(socket, 401, 'Unauthorized');
    if (socket.destroyed) return;
    sockets.handleUpgrade(request, socket, head, (ws) => follow(ws, room, grant));
  };

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgrade(request, socket, head).catch((error: unknown) => {
      console.error('room socket upgrade failed', error);
      refuse(socket, 500, 'Internal Server Error');
    });
  });
  return sockets;
}
