import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { SCALAR_BUNDLE_PATH } from '../../functions/shared/api-docs';

describe('GET /api/docs in the Worker', () => {
  it('answers the reference page, loading Scalar from the assets under a same-origin policy', async () => {
    const response = await SELF.fetch(`${env.PUBLIC_URL}/api/docs`, { headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-[^']+'/);
    const page = await response.text();
    expect(page).toContain('<title>API reference — Bot Builder</title>');
    expect(page).toContain(`<script src="${SCALAR_BUNDLE_PATH}"`);
  });
});
