/**
 * Examples in curl for the API reference (issue #27 §2), merged into the OpenAPI document as each
 * operation's `x-codeSamples` and quoted verbatim in docs/api.md. `$BASE_URL` is the installation's
 * address, `$API_KEY` a key from the profile page, `$CHAT_ID` a chat's `id` from the list.
 * tests/api/api-examples.test.ts runs every one against the app, so they never drift from the routes.
 */
export interface CurlExample {
  method: string;
  /** OpenAPI style: `/api/chats/{id}/pause`. */
  path: string;
  /** The code sample's tab. */
  label: string;
  source: string;
}

export const CURL_EXAMPLES: CurlExample[] = [
  {
    method: 'GET',
    path: '/api/chats',
    label: 'curl',
    source: `curl "$BASE_URL/api/chats?state=working&per_page=20" \\
  -H "Authorization: Bearer $API_KEY"`,
  },
  {
    method: 'POST',
    path: '/api/chats/{id}/messages',
    label: 'curl',
    source: `curl -X POST "$BASE_URL/api/chats/$CHAT_ID/messages" \\
  -H "Authorization: Bearer $API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"text": "Hello! This is the manager: a haircut costs 1500 RUB."}'`,
  },
  {
    method: 'POST',
    path: '/api/chats/{id}/pause',
    label: 'curl',
    source: `curl -X POST "$BASE_URL/api/chats/$CHAT_ID/pause" \\
  -H "Authorization: Bearer $API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"code": 3}'`,
  },
  {
    method: 'POST',
    path: '/api/bot',
    label: 'curl',
    source: `curl -X POST "$BASE_URL/api/bot" \\
  -H "Authorization: Bearer $API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"template_id": "shop-consultant", "lang": "en", "name": "Shop assistant"}'`,
  },
  {
    method: 'GET',
    path: '/api/history',
    label: 'curl',
    source: `curl "$BASE_URL/api/history?from=2026-11-01&to=2026-11-30&status=success&per_page=100" \\
  -H "Authorization: Bearer $API_KEY"`,
  },
];
