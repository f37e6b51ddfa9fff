import type { Context } from 'hono';
import { html, raw } from 'hono/html';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../http/env';
import { factory } from '../http/factory';
import { undocumented } from '../openapi/describe';
import { OPENAPI_DOCUMENT_PATH, SCALAR_BUNDLE_PATH } from '../shared/api-docs';
import { apiDocsTexts } from './texts';

/** The app's accent (Mantine's indigo, shade 6), so the reference looks like the rest of the product. */
const ACCENT = '#4c6ef5';
const HEADER_HEIGHT = '48px';
/** The app's fonts (Mantine's system stacks): nothing for Scalar to download. */
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const FONT_CODE =
  "ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, 'Liberation Mono', 'Courier New', monospace";

/**
 * The page's own policy: everything from this origin only. Scripts need this request's nonce (the
 * page's one inline call); Scalar puts the nonce of `meta[property=csp-nonce]` on the styles it
 * injects, but also sets inline style attributes, hence 'unsafe-inline' for styles alone.
 */
export const apiDocsHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", NONCE],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
});

/** JSON inside a <script>: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * GET /api/docs: the API reference rendered by Scalar from GET /api/openapi.json, in the caller's
 * language (Accept-Language). Scalar is told not to reach out: no fonts from its CDN, no telemetry,
 * no proxy, no AI agent or MCP; "Test request" calls this origin.
 */
function apiDocsPage(c: Context<AppEnv>) {
  const lang = c.get('lang');
  const text = apiDocsTexts[lang];
  const nonce = c.get('secureHeadersNonce') ?? '';
  const guide = c.get('settings').externalLinks?.docs;
  const config = {
    url: OPENAPI_DOCUMENT_PATH,
    // Named, so Scalar finds this configuration for the document (unnamed, it starts on defaults).
    slug: 'api',
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: false,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    mcp: { disabled: true },
    documentDownloadType: 'json',
    theme: 'default',
    forceDarkModeState: 'light',
    hideDarkModeToggle: true,
    layout: 'modern',
    localization: { locale: lang },
    metaData: { title: `${text.title} — ${text.product}` },
    customCss: `:root, .light-mode { --scalar-color-accent: ${ACCENT}; --scalar-font: ${FONT}; --scalar-font-code: ${FONT_CODE}; --scalar-custom-header-height: ${HEADER_HEIGHT}; }`,
  };
  c.header('Cache-Control', 'no-store');
  return c.html(html`<!doctype html>
<html lang="${lang}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta property="csp-nonce" content="${nonce}" />
    <title>${text.title} — ${text.product}</title>
    <style nonce="${nonce}">
      body { margin: 0; }
      .docs-header {
        position: sticky; top: 0; z-index: 1; box-sizing: border-box; height: ${HEADER_HEIGHT};
        display: flex; align-items: center; gap: 16px; padding: 0 16px;
        background: #fff; border-bottom: 1px solid #dee2e6;
        font: 14px/1.4 ${raw(FONT)}; color: #212529;
      }
      .docs-header strong { font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
      .docs-header a { color: ${ACCENT}; text-decoration: none; white-space: nowrap; }
      .docs-header a:hover { text-decoration: underline; }
      .docs-header .docs-guide { margin-left: auto; }
    </style>
  </head>
  <body>
    <header class="docs-header" data-testid="api-docs-header">
      <a href="/" data-testid="api-docs-back">← ${text.back}</a>
      <strong>${text.title}</strong>
      ${guide ? html`<a class="docs-guide" href="${guide}" target="_blank" rel="noopener noreferrer">${text.guide} ↗</a>` : ''}
    </header>
    <!-- Not "api-reference": Scalar mounts a second, unconfigured copy on an element of that id. -->
    <div id="reference"></div>
    <script src="${SCALAR_BUNDLE_PATH}" nonce="${nonce}"></script>
    <script nonce="${nonce}">
      Scalar.createApiReference('#reference', ${raw(scriptJson(config))});
    </script>
  </body>
</html>`);
}

/** The page's route; the reference lists the API, not this page that shows it. */
export const apiDocsHandlers = factory.createHandlers(
  undocumented('The HTML page that renders this reference; the document itself is GET /api/openapi.json.'),
  apiDocsPage,
);
