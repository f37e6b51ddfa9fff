import { describe, expect, it } from 'vitest';
import { BOT_TEMPLATES } from '../../db/seed/templates';
import { BUILT_TEMPLATES_PATH, findTemplate } from '../../functions/ports/templates';
import { type AssetsLike, AssetTemplates } from '../../functions/ports/templates-assets';

/** A double of the Workers assets binding: answers each call with the next of `answers`, recording paths. */
function assets(...answers: (() => Response)[]): AssetsLike & { paths: string[] } {
  const paths: string[] = [];
  return {
    paths,
    async fetch(input: string) {
      paths.push(new URL(input).pathname);
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next();
    },
  };
}

const built = () =>
  new Response(JSON.stringify(BOT_TEMPLATES), { headers: { 'content-type': 'application/json' } });
// What not_found_handling = "single-page-application" serves for a file the build did not write.
const spaIndex = () =>
  new Response('<!doctype html><html></html>', { headers: { 'content-type': 'text/html' } });

describe('AssetTemplates (the Worker reads the built templates from its static assets)', () => {
  it('reads the built file once per isolate and finds a template in it', async () => {
    const binding = assets(built);
    const templates = new AssetTemplates(binding);
    expect(await templates.all()).toEqual(BOT_TEMPLATES);
    expect((await findTemplate(templates, 'shop-consultant'))?.en.name).toBe('Online shop consultant');
    expect(await findTemplate(templates, 'no-such-template')).toBeUndefined();
    expect(binding.paths).toEqual([BUILT_TEMPLATES_PATH]);
  });

  it('names the missing file and how to build it, then reads again on the next call', async () => {
    const binding = assets(spaIndex, () => new Response('gone', { status: 404 }), built);
    const templates = new AssetTemplates(binding);
    await expect(templates.all()).rejects.toThrow(
      /bot-templates\.json in the static assets is not JSON; build them with `npm run build:web`/,
    );
    await expect(templates.all()).rejects.toThrow(/bot-templates\.json in the static assets answered 404/);
    expect(await templates.all()).toHaveLength(BOT_TEMPLATES.length);
    expect(binding.paths).toHaveLength(3);
  });

  it('refuses a file that is not a list of templates', async () => {
    const json = (body: unknown) => () => Response.json(body);
    const [first] = BOT_TEMPLATES;
    const broken = [[], { templates: BOT_TEMPLATES }, [{ ...first, en: undefined }], [{ ...first, id: 7 }]];
    for (const body of broken) {
      await expect(new AssetTemplates(assets(json(body))).all()).rejects.toThrow(
        /is not a list of templates/,
      );
    }
  });
});
