import { BOT_TEMPLATES } from '../../db/seed/templates';
import type { BotTemplates } from './templates';

/** The templates compiled in: Node's shape and tests (never the API Worker, see templates-assets.ts). */
export const bundledTemplates: BotTemplates = { all: async () => BOT_TEMPLATES };
