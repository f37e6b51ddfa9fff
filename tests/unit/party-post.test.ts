import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postToParty } from '../../functions/ports/party-post';

const SECRET = 'party-post-secret';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A room endpoint that runs `handle` for each request, numbered from 1. */
async function room(handle: (n: number, request: IncomingMessage, response: ServerResponse) => void) {
  let n = 0;
  const bodies: string[] = [];
  const server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    bodies.push(body);
    handle(++n, request, response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/parties/main/r`, bodies, requests: () => n };
}

describe('posting to a PartyKit room', () => {
  it('sends a request whose connection was reset once more, and succeeds', async () => {
    const endpoint = await room((n, request, response) => {
      if (n === 1) return request.socket.destroy();
      response.writeHead(request.headers.authorization === `Bearer ${SECRET}` ? 200 : 401).end();
    });
    await postToParty(endpoint.url, SECRET, { allBut: null });
    expect(endpoint.requests()).toBe(2);
    expect(endpoint.bodies).toEqual(['{"allBut":null}', '{"allBut":null}']);
  });

  it('gives up after the second lost request, and does not repeat one the room refused', async () => {
    const lost = await room((_, request) => request.socket.destroy());
    await expect(postToParty(lost.url, SECRET, {})).rejects.toThrow('fetch failed');
    expect(lost.requests()).toBe(2);

    const refusing = await room((_, __, response) => response.writeHead(401).end());
    await expect(postToParty(refusing.url, 'wrong', {})).rejects.toThrow('PartyKit answered 401');
    expect(refusing.requests()).toBe(1);
  });
});
