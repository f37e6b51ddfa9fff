import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * Catalogs are plain ICU strings keyed by id (no Lingui macros). The production build compiles them
 * (web/vite.config.ts); the dev server compiles them with this when a language's catalog arrives,
 * so Lingui itself never needs a compiler.
 */
export function compileCatalog(catalog: Readonly<Record<string, string>>): Messages {
  return Object.fromEntries(Object.entries(catalog).map(([id, text]) => [id, compileMessage(text)]));
}
