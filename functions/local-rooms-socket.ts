import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { LocalRooms } from './ports/rooms-local';
import { roomTokenAllows } from './shared/room-token';

/**
 * Serves local rooms on PartyKit's URL scheme, `/parties/main/{room}?token=...`, so the browser code
 * is the same; like the PartyKit room, a socket without a valid token for its room is refused.
 */
export function attachRoomSockets(server: Server, rooms: LocalRooms): WebSocketServer {
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', async (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://local');
    const match = url.pathname.match(/^\/parties\/main\/([^/]+)$/);
    const room = match?.[1] ? decodeURIComponent(match[1]) : undefined;
    if (!room || !(await roomTokenAllows(rooms.secret, url.searchParams.get('token'), room))) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      const leave = rooms.join(room, { send: (data) => ws.send(data) });
      ws.on('close', leave);
    });
  });
  return sockets;
}
