import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin } from 'vite';

// (The plugin lives here: Vite's coming native config loader refuses extensionless relative imports.)
const CATALOG = 'virtual:catalog/';
const I18N_DIR = join(import.meta.dirname, 'src/i18n');

/**
 * `virtual:catalog/ru` and `virtual:catalog/en`: a language's messages compiled for Lingui. The
 * build compiles them, so the browser downloads neither the ICU parser nor texts to parse; the dev
 * server compiles them in the browser (web/src/i18n/compile-catalog.ts) and keeps hot reload.
 */
function catalogs(): Plugin {
  let building = false;
  return {
    name: 'botbuilder-catalogs',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId: (id) => (id.startsWith(CATALOG) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(`\0${CATALOG}`)) return undefined;
      const lang = id.slice(CATALOG.length + 1);
      const file = join(I18N_DIR, `catalog-${lang}.ts`);
      if (!/^[a-z]{2}$/.test(lang) || !existsSync(file)) throw new Error(`No catalog for "${lang}"`);
      if (!building) {
        const compiler = JSON.stringify(join(I18N_DIR, 'compile-catalog.ts'));
        return `import { ${lang} } from ${JSON.stringify(file)};\nimport { compileCatalog } from ${compiler};\nexport default compileCatalog(${lang});`;
      }
      const module: Record<string, unknown> = await tsImport(pathToFileURL(file).href, import.meta.url);
      const catalog = module[lang];
      if (typeof catalog !== 'object' || catalog === null) throw new Error(`${file} exports no "${lang}"`);
      const compiled = Object.entries(catalog).map(([key, text]) => {
        if (typeof text !== 'string') throw new Error(`${file}: "${key}" is not a string`);
        return [key, compileMessage(text)];
      });
      return `export default ${JSON.stringify(Object.fromEntries(compiled))};`;
    },
  };
}

/**
 * The API reference page's renderer (functions/shared/api-docs.ts): Scalar's browser bundle copied
 * from node_modules into the build, so /api/docs loads it from our own assets in both shapes (the
 * Node server's static files, the Worker's assets), never from a CDN, and nothing big is committed.
 */
function scalarBundle(): Plugin {
  const read = async () => {
    const shared = pathToFileURL(join(import.meta.dirname, '../functions/shared/api-docs.ts')).href;
    const { SCALAR_BUNDLE_PATH, SCALAR_BUNDLE_SOURCE } = await tsImport(shared, import.meta.url);
    const bundle = await readFile(join(import.meta.dirname, '..', SCALAR_BUNDLE_SOURCE), 'utf8');
    // Its source map is not shipped, so the bundle does not point at one.
    return {
      path: SCALAR_BUNDLE_PATH as string,
      source: bundle.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'),
    };
  };
  return {
    name: 'botbuilder-scalar-bundle',
    async generateBundle() {
      const { path, source } = await read();
      this.emitFile({ type: 'asset', fileName: path.slice(1), source });
    },
    // `npm run dev:web` proxies /api/docs to the server; the page's script comes from here.
    async configureServer(server) {
      const { path, source } = await read();
      server.middlewares.use(path, (_request, response) => {
        response.setHeader('content-type', 'text/javascript; charset=utf-8');
        response.end(source);
      });
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), catalogs(), scalarBundle()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy: { '/api': 'http://127.0.0.1:8787' } },
});
