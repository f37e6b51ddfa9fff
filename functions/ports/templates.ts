import type { BotTemplate } from '../../db/seed/templates/types';

export type { BotTemplate } from '../../db/seed/templates/types';

/**
 * The ready-made bots (db/seed/templates): imported in Node, where size does not matter; on Workers
 * read from the static assets (ports/templates-assets.ts), so the API Worker does not bundle their
 * texts (issue #25, "a Worker that starts light").
 */
export interface BotTemplates {
  /** Every template, in the order of the industry list. */
  all(): Promise<readonly BotTemplate[]>;
}

/** Where `npm run build:web` writes the templates among the SPA's assets (scripts/build-templates.ts). */
export const BUILT_TEMPLATES_PATH = '/bot-templates.json';

/** The template with this id, if there is one. */
export async function findTemplate(templates: BotTemplates, id: string): Promise<BotTemplate | undefined> {
  return (await templates.all()).find((template) => template.id === id);
}
