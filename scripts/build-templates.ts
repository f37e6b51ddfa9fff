// The bot templates for the Worker shape (issue #25): written at build time into the SPA's assets,
// which the API Worker reads through its ASSETS binding instead of bundling the texts
// (functions/ports/templates-assets.ts). `npm run build:web` runs it after the SPA's build.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOT_TEMPLATES } from '../db/seed/templates';
import { BUILT_TEMPLATES_PATH } from '../functions/ports/templates';

const target = join(import.meta.dirname, '../web/dist', BUILT_TEMPLATES_PATH);
writeFileSync(target, JSON.stringify(BOT_TEMPLATES));
console.log(`${BOT_TEMPLATES.length} bot templates written to ${target}`);
