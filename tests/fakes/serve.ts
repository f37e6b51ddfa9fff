import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeServer {
  /** `http://127.0.0.1:{port}`, no trailing slash. */
  url: string;
  /** The Node server, for a fake that also takes WebSocket upgrades. */
  server: Server;
  close: () => Promise<void>;
}

export type FakeHandler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

export function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
}

/** The bearer token of a request, or null. */
export function bearer(request: IncomingMessage): string | null {
  const match = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** A fake HTTP service on a free local port; a handler that throws answers 500 with the reason. */
export async function serveFake(handler: FakeHandler): Promise<FakeServer> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        handler(request, Buffer.concat(chunks).toString('utf8'), response);
      } catch (error) {
        sendJson(response, 500, { error: error instanceof Error ? error.message : String(error) });
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
