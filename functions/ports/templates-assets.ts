import * as v from 'valibot';
import { type BotTemplate, type BotTemplates, BUILT_TEMPLATES_PATH } from './templates';

/** The part of the Workers static-assets binding used here (so this file compiles without Workers types). */
export interface AssetsLike {
  fetch(input: string): Promise<Response>;
}

const content = v.looseObject({
  name: v.string(),
  description: v.string(),
  system_prompt: v.string(),
  actions: v.array(v.looseObject({ type: v.string() })),
});

/** Enough of a template to tell a built file from a missing one (the SPA's index.html) or a broken one. */
const builtTemplates = v.pipe(
  v.array(
    v.looseObject({
      id: v.string(),
      industry: v.string(),
      required_integrations: v.array(v.string()),
      ru: content,
      en: content,
    }),
  ),
  v.minLength(1),
);

/**
 * The templates as the Worker's static assets serve them (wrangler.toml binds them as ASSETS), read
 * once per isolate and kept in memory. A missing or broken file is a broken deploy: it throws with
 * what to do, and the next call reads again.
 */
export class AssetTemplates implements BotTemplates {
  private read: Promise<readonly BotTemplate[]> | undefined;

  constructor(private readonly assets: AssetsLike) {}

  all(): Promise<readonly BotTemplate[]> {
    this.read ??= this.load().catch((error: unknown) => {
      this.read = undefined;
      throw error;
    });
    return this.read;
  }

  private async load(): Promise<readonly BotTemplate[]> {
    const failed = (why: string) =>
      new Error(
        `bot templates: ${BUILT_TEMPLATES_PATH} in the static assets ${why}; build them with \`npm run build:web\` before \`wrangler deploy\``,
      );
    // The assets binding ignores the host; not_found_handling would answer index.html for a missing file.
    const response = await this.assets.fetch(`https://assets.invalid${BUILT_TEMPLATES_PATH}`);
    if (!response.ok) {
      await response.body?.cancel();
      throw failed(`answered ${response.status}`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(await response.text());
    } catch {
      throw failed('is not JSON');
    }
    const checked = v.safeParse(builtTemplates, parsed);
    if (!checked.success) {
      const [issue] = checked.issues;
      throw failed(`is not a list of templates (${v.getDotPath(issue) ?? 'the list'}: ${issue.message})`);
    }
    return checked.output as unknown as readonly BotTemplate[];
  }
}
