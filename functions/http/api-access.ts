/**
 * The routes an API key may NOT call (issue #27 §1): the ones that guard the account itself — its
 * password, its API keys — and a partner acting in person (the cabinet, opening a client's account,
 * leaving a partner). A signed-in session may call them; an API key gets 403 `session_required`, and a
 * session a partner opened in its client's account 403 `owner_only` (it could otherwise keep a key
 * past the partnership, change the owner's password, or act as the client's own partner).
 * One list, two uses: `requireAccount` enforces it and the API reference marks these routes.
 * Each entry is `METHOD /path` with Hono's path pattern; `*` as the method means any, a path ending
 * in `/*` covers everything under it.
 */
export const SESSION_ONLY_ROUTES = [
  'POST /api/change_password',
  'DELETE /api/profile/partner',
  'GET /api/keys',
  'POST /api/keys',
  'PATCH /api/keys/:id',
  'DELETE /api/keys/:id',
  '* /api/partner/*',
] as const;

const entries = SESSION_ONLY_ROUTES.map((entry) => {
  const [method, path] = entry.split(' ') as [string, string];
  return { method, path };
});

/** Whether the route registered as `path` (a Hono pattern, e.g. `/api/keys/:id`) takes a session only. */
export function isSessionOnly(method: string, path: string): boolean {
  return entries.some(
    (entry) =>
      (entry.method === '*' || entry.method === method.toUpperCase()) &&
      (entry.path.endsWith('/*') ? path.startsWith(entry.path.slice(0, -1)) : entry.path === path),
  );
}
