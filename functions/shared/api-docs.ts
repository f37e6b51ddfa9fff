/**
 * The API reference page (issue #27 §2): where it is, the OpenAPI document it renders, and the
 * Scalar bundle it loads. The web build copies the bundle into the built app (web/vite.config.ts),
 * so both shapes serve it from their own assets, never from a CDN.
 */
export const API_DOCS_PATH = '/api/docs';
export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json';
export const SCALAR_BUNDLE_PATH = '/assets/scalar/standalone.js';
/** Where the build finds the bundle, from the repository's root. */
export const SCALAR_BUNDLE_SOURCE = 'node_modules/@scalar/api-reference/dist/browser/standalone.js';
