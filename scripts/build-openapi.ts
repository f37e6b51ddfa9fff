// The API reference for the Worker shape (issue #27 §1): generated from the routes at build time
// into the SPA's assets, since the Worker does not bundle the generator. `npm run build:web` runs it
// after the SPA's build (which empties web/dist).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp } from '../functions/app';
import { openApiDocument } from '../functions/openapi/document';
import type { AppSettings, Ports } from '../functions/ports';
import { BUILT_REFERENCE_PATH } from '../functions/routes/reference';

// Building the routes reads neither: they are used only when a request comes.
const app = createApp({} as Ports, {} as AppSettings);
const target = join(import.meta.dirname, '../web/dist', BUILT_REFERENCE_PATH);
writeFileSync(target, JSON.stringify(await openApiDocument(app)));
console.log(`API reference written to ${target}`);
