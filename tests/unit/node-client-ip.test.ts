import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { nodeClientIp } from '../../functions/http/node-client-ip';

function appAnsweringItsClient(trustedHops: number) {
  const clientIp = nodeClientIp(trustedHops);
  return new Hono().get('/who', (c) => c.text(clientIp(c) ?? 'none'));
}

const connectionFrom = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

describe("the Node shape's client address", () => {
  it("is the connection's address", async () => {
    const answer = await appAnsweringItsClient(0).request('/who', {}, connectionFrom('203.0.113.9'));
    expect(await answer.text()).toBe('203.0.113.9');
  });

  it('is read through trusted proxies', async () => {
    const answer = await appAnsweringItsClient(1).request(
      '/who',
      { headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.5' } },
      connectionFrom('10.0.0.2'),
    );
    expect(await answer.text()).toBe('203.0.113.5');
  });

  it('is none, not a crash, for a request the process hands its own app (a chat stream frame)', async () => {
    const answer = await appAnsweringItsClient(0).request('/who', { method: 'GET' });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('none');
  });
});
