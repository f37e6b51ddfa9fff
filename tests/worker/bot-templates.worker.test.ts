import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { BotTemplate } from '../../functions/ports/templates';
import { BUILT_TEMPLATES_PATH } from '../../functions/ports/templates';
import { call, signedIn } from './support/api';

interface TemplateCard {
  id: string;
  name: string;
  lang: string;
  available: boolean;
  bot: { name: string; system_prompt: string };
}

/** What `npm run build:web` put among the static assets, read through the Worker's own ASSETS binding. */
async function builtTemplates(): Promise<BotTemplate[]> {
  const response = await env.ASSETS.fetch(`https://assets.invalid${BUILT_TEMPLATES_PATH}`);
  expect(response.status).toBe(200);
  return response.json<BotTemplate[]>();
}

describe('bot templates in the production shape (read from the static assets, not bundled)', () => {
  it('lists the templates the build wrote to the assets, in the language asked', async () => {
    const built = await builtTemplates();
    expect(built).toHaveLength(15);
    const token = await signedIn();
    for (const lang of ['ru', 'en'] as const) {
      const answer = await call<TemplateCard[]>('GET', `/api/bots/templates?lang=${lang}`, { token });
      expect(answer.status).toBe(200);
      expect(answer.json.map(({ id, name }) => ({ id, name }))).toEqual(
        built.map((template) => ({ id: template.id, name: template[lang].name })),
      );
      expect(answer.json.every((card) => card.lang === lang)).toBe(true);
    }
  });

  it('creates a bot from a template, and refuses an unknown one with 422', async () => {
    const shop = (await builtTemplates()).find((template) => template.id === 'shop-consultant');
    if (!shop) throw new Error('the built templates lack shop-consultant');
    const token = await signedIn();
    const created = await call<{ name: string; system_prompt: string; template_id: string }>(
      'POST',
      '/api/bot',
      {
        token,
        body: { template_id: 'shop-consultant', lang: 'ru' },
      },
    );
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      template_id: 'shop-consultant',
      name: shop.ru.name,
      system_prompt: shop.ru.system_prompt,
    });

    const unknown = await call('POST', '/api/bot', { token, body: { template_id: 'no-such-template' } });
    expect(unknown.status).toBe(422);
    expect(unknown.json).toMatchObject({
      code: 'validation_failed',
      fields: { template_id: 'Template not found' },
    });
  });
});
