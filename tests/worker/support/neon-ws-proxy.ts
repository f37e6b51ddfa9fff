import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { type RawData, WebSocketServer } from 'ws';

const toBuffer = (data: RawData): Buffer =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);

/** Protocol codes of the untyped requests a client may send before its startup message. */
const PRE_STARTUP_CODES = new Set([80877103 /* SSLRequest */, 80877104 /* GSSENCRequest */]);
const TERMINATE = 0x58; // 'X'

/**
 * Watches the client's side of the Postgres protocol for Terminate. Postgres closes the connection
 * when it gets one and the Neon driver relies on that to finish `client.end()`; PGlite's socket server
 * keeps the connection open, so the proxy does the closing.
 */
function terminateWatcher(): (chunk: Buffer) => boolean {
  let pending = Buffer.alloc(0);
  let started = false;
  return (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      const header = started ? 5 : 8;
      if (pending.length < header) return false;
      const length = started ? pending.readInt32BE(1) + 1 : pending.readInt32BE(0);
      if (pending.length < length) return false;
      if (started && pending[0] === TERMINATE) return true;
      if (!started && !PRE_STARTUP_CODES.has(pending.readInt32BE(4))) started = true;
      pending = pending.subarray(length);
    }
  };
}

/**
 * Stands in for Neon's WebSocket proxy: each WebSocket becomes one TCP connection to the Postgres
 * wire port, bytes passed through unchanged both ways. Plain ws:// on localhost, so the driver runs
 * with `useSecureWebSocket = false` and no pipelining (see functions/ports/db-neon.ts).
 * `GET /stats` answers `{open, total}` so tests can see that every session was ended.
 */
export async function startNeonWsProxy(postgresPort: number) {
  let total = 0;
  const http = createServer((request, response) => {
    if (request.url !== '/stats') return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ open: sockets.clients.size, total }));
  });
  const sockets = new WebSocketServer({ server: http });
  sockets.on('connection', (socket) => {
    total++;
    const tcp = connect(postgresPort, '127.0.0.1');
    const terminates = terminateWatcher();
    socket.on('message', (data) => {
      const chunk = toBuffer(data);
      tcp.write(chunk);
      if (terminates(chunk)) socket.close(1000);
    });
    tcp.on('data', (chunk) => socket.send(chunk));
    socket.on('close', () => tcp.end());
    socket.on('error', () => tcp.destroy());
    tcp.on('close', () => socket.close());
    tcp.on('error', () => socket.terminate());
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const { port } = http.address() as AddressInfo;
  return {
    /** The value for NEON_WS_PROXY. */
    proxy: `127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((done) => {
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        http.closeAllConnections();
        http.close(() => done());
      }),
  };
}
