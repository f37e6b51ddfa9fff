import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy answered for one request: the upstream's status, or its own 502 (`fromProxy`). */
export interface ProxiedAnswer {
  method: string;
  path: string;
  status: number;
  fromProxy: boolean;
}

export interface RoundRobinProxy {
  url: string;
  /** Every answer, in order of completion. */
  answers: ProxiedAnswer[];
  /** Replaces the upstream at `index` (a restarted process listens on a new port). */
  setUpstream: (index: number, url: string) => void;
  close: () => Promise<void>;
}

/**
 * A load balancer in front of several `npm start` processes, as a small reverse proxy would be on
 * 127.0.0.1: each request (method, path, headers, body) goes to the next upstream in turn, with the
 * caller's address appended to X-Forwarded-For. An upstream that refuses the connection (a process
 * that is down) is skipped for the next one, as nginx's `proxy_next_upstream error` does; a request
 * cut off after it reached a process (killed mid-request) is answered 502 by the proxy itself, marked
 * `x-proxy-error`, for the sender to deliver again, as Telegram redelivers an unanswered update.
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const targets = [...upstreams];
  const answers: ProxiedAnswer[] = [];
  let next = 0;

  const attempt = (incoming: IncomingMessage, body: Buffer, target: string) =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) => {
      const forwardedFor = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress]
        .filter(Boolean)
        .join(', ');
      const outgoing = forward(
        `${target}${incoming.url ?? '/'}`,
        {
          method: incoming.method,
          headers: { ...incoming.headers, 'x-forwarded-for': forwardedFor, connection: 'close' },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 502,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  async function handle(incoming: IncomingMessage, response: ServerResponse, body: Buffer) {
    const record = (status: number, fromProxy: boolean) =>
      answers.push({ method: incoming.method ?? 'GET', path: incoming.url ?? '/', status, fromProxy });
    for (let tried = 0; tried < targets.length; tried++) {
      const target = targets[next++ % targets.length] as string;
      try {
        const answer = await attempt(incoming, body, target);
        const { 'transfer-encoding': _chunked, connection: _connection, ...headers } = answer.headers;
        response.writeHead(answer.status, { ...headers, 'content-length': String(answer.body.length) });
        response.end(answer.body);
        record(answer.status, false);
        return;
      } catch (error) {
        // Refused before anything was sent: that process is down, the next one takes the request.
        if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') continue;
        break;
      }
    }
    response.writeHead(502, { 'content-type': 'application/json', 'x-proxy-error': '1' });
    response.end(JSON.stringify({ message: 'upstream failed', code: 'proxy' }));
    record(502, true);
  }

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => void handle(incoming, response, Buffer.concat(chunks)));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answers,
    setUpstream: (index, url) => {
      targets[index] = url;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
