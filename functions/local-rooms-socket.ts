import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { LocalRooms } from './ports/rooms-local';

/** Serves local rooms on PartyKit's URL scheme, `/parties/main/{room}`, so the browser code is the same. */
export function attachRoomSockets(server: Server, rooms: LocalRooms): WebSocketServer {
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const match = request.url?.match(/^\/parties\/main\/([^/?#]+)/);
    if (!match?.[1]) {
      socket.destroy();
      return;
    }
    const room = decodeURIComponent(match[1]);
    sockets.handleUpgrade(request, socket, head, (ws) => {
      const leave = rooms.join(room, { send: (data) => ws.send(data) });
      ws.on('close', leave);
    });
  });
  return sockets;
}
