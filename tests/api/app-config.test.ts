import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { checkWorkerConfig, localConfigSchema, readConfig } from '../../functions/config';
import { externalLinksFromConfig } from '../../functions/ports/external-links-from-config';
import { sharedTestApp } from './support/client';

const LINKS = {
  SUPPORT_URL: 'https://t.me/botbuilder_support',
  NEWS_URL: 'https://t.me/botbuilder_news',
  DOCS_URL: 'https://docs.example.com/',
};

const configured = sharedTestApp({
  settings: { externalLinks: externalLinksFromConfig(readConfig(localConfigSchema, LINKS)) },
});
const bare = sharedTestApp();

describe('GET /api/app-config', () => {
  it('answers the sidebar links set at run time to anyone, without a session', async () => {
    const answer = await configured.call('GET', '/api/app-config');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      links: {
        support: 'https://t.me/botbuilder_support',
        news: 'https://t.me/botbuilder_news',
        docs: 'https://docs.example.com/',
      },
    });
  });

  it('answers null for the links that are not configured', async () => {
    const answer = await bare.call('GET', '/api/app-config');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ links: { support: null, news: null, docs: null } });
  });
});

describe('SUPPORT_URL, NEWS_URL, DOCS_URL', () => {
  it('are optional URLs in both shapes, and a value that is not a URL stops start-up', () => {
    expect(readConfig(localConfigSchema, {}).SUPPORT_URL).toBeUndefined();
    for (const name of Object.keys(LINKS)) {
      expect(() => readConfig(localConfigSchema, { [name]: 'support@example' })).toThrow(
        new RegExp(`${name}: must be a URL`),
      );
      const worker = checkWorkerConfig({ [name]: 'not a url' });
      expect(worker.ok).toBe(false);
      if (!worker.ok) expect(worker.problems).toContainEqual({ setting: name, reason: 'must be a URL' });
    }
    expect(v.parse(localConfigSchema, LINKS)).toMatchObject(LINKS);
  });
});
