import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TelegramApiError, TelegramClient } from '../../functions/integrations/telegram/api';

// A send that got no answer is logged and not retried (integrations/telegram/send.ts): the log says
// what failed underneath, and never the token that the request's URL carries.

const TOKEN = '123456:secret-token-of-the-bot';
let server: Server;
let root = '';

beforeAll(async () => {
  // Takes the request and hangs up without an answer, as a server that closed the connection does.
  server = createServer((request) => request.socket.destroy());
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

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
  });

  it('names a refused connection, without the token', async () => {
    const closed = createServer();
    await new Promise<void>((listening) => closed.listen(0, '127.0.0.1', listening));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const error = (await failureOf(`http://127.0.0.1:${port}`)) as Error;
    expect(error.message).toBe(
      "Telegram sendMessage failed: Network request for 'sendMessage' failed! (ECONNREFUSED)",
    );
    expect(error.message).not.toContain(TOKEN);
  });

  it('is not caused by a pooled connection the server closed while this process was busy', async () => {
    const answering = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({ ok: true, result: { message_id: 7, date: 0, chat: { id: 1, type: 'private' } } }),
      );
    });
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
