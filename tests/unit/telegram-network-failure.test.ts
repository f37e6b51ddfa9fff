import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TelegramApiError, TelegramClient } from '../../functions/integrations/telegram/api';

// A send that went out and got no answer is logged and not retried (integrations/telegram/send.ts):
// the log says what failed underneath, and never the token that the request's URL carries. A
// connection that could not be made is tried again, since that request never left.

const TOKEN = '123456:secret-token-of-the-bot';
let server: Server;
let root = '';
let hungUp = 0;

beforeAll(async () => {
  // Takes the request and hangs up without an answer, as a server that closed the connection does.
  server = createServer((request) => {
    hungUp++;
    request.socket.destroy();
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

/** A port nothing listens on (taken and given back). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((listening) => probe.listen(0, '127.0.0.1', listening));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

/** A Bot API that takes every sendMessage (message_id 7) and keeps the texts it was sent. */
function answeringServer() {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      requests.push(String((JSON.parse(body) as { text?: unknown }).text));
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({ ok: true, result: { message_id: 7, date: 0, chat: { id: 1, type: 'private' } } }),
      );
    });
  });
  return { server, requests };
}

const failureOf = (apiRoot: string) =>
  new TelegramClient(TOKEN, { apiRoot }).sendMessage(1, 'Привет').then(
    () => {
      throw new Error('sent');
    },
    (error: unknown) => error,
  );

describe('a Telegram request that gets no answer', () => {
  it('names the connection closed under it', async () => {
    const error = await failureOf(root);
    expect(error).toBeInstanceOf(TelegramApiError);
    expect((error as TelegramApiError).errorCode).toBeNull();
    expect((error as Error).message).toBe(
      "Telegram sendMessage failed: Network request for 'sendMessage' failed! (UND_ERR_SOCKET)",
    );
    // The request reached the server, which may have taken it: it is not sent again.
    expect(hungUp).toBe(1);
  });

  it('names a refused connection after trying it again, without the token', async () => {
    const port = await freePort();
    const error = (await failureOf(`http://127.0.0.1:${port}`)) as Error;
    expect(error.message).toBe(
      "Telegram sendMessage failed: Network request for 'sendMessage' failed! (ECONNREFUSED)",
    );
    expect(error.message).not.toContain(TOKEN);
  });

  it('sends once the server takes connections again, when a connection was refused', async () => {
    const port = await freePort();
    const client = new TelegramClient(TOKEN, { apiRoot: `http://127.0.0.1:${port}` });
    const sending = client.sendMessage(1, 'Привет');
    // The server comes back before the second try: the refused first try never reached it.
    await new Promise((done) => setTimeout(done, 300));
    const back = answeringServer();
    await new Promise<void>((listening) => back.server.listen(port, '127.0.0.1', listening));
    try {
      expect(await sending).toBe(7);
      expect(back.requests).toEqual(['Привет']);
    } finally {
      await new Promise<void>((closed) => back.server.close(() => closed()));
    }
  });

  it('is not caused by a pooled connection the server closed while this process was busy', async () => {
    const { server: answering } = answeringServer();
    answering.keepAliveTimeout = 2_000;
    await new Promise<void>((listening) => answering.listen(0, '127.0.0.1', listening));
    try {
      const client = new TelegramClient(TOKEN, {
        apiRoot: `http://127.0.0.1:${(answering.address() as AddressInfo).port}`,
      });
      expect(await client.sendMessage(1, 'Первое')).toBe(7);
      // A stall past the server's keep-alive: with node-fetch's pooled socket, the next send was reset.
      const until = Date.now() + 3_500;
      while (Date.now() < until);
      expect(await client.sendMessage(1, 'Второе')).toBe(7);
    } finally {
      answering.closeAllConnections();
      await new Promise<void>((closed) => answering.close(() => closed()));
    }
  });
});
