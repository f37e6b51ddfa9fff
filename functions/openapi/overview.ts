import { MAX_FILE_BYTES } from '../shared/knowledge';
import { CHAT_MESSAGES_PER_PAGE_MAX, CHATS_PER_PAGE_MAX } from '../shared/schemas/chats';
import { HISTORY_PER_PAGE_MAX } from '../shared/schemas/history';

const MAX_JSON_BODY_KIB = 64;

/** The reference's opening text: how to call the API at all (issue #27 §1: auth and limits). */
export const API_DESCRIPTION = `
Everything an owner does in the app can be done through this API with an API key.

**Authentication.** Send \`Authorization: Bearer <key>\`. Make a key on the profile page (API keys); it starts
with \`bk_\` and is shown once. A key may call every signed-in route except the account's own guards — changing the
password, managing API keys, and the partner cabinet — which answer \`403 session_required\` to a key, and
\`403 owner_only\` to a session a partner opened in its client's account; those routes are marked with the session
scheme only. The app itself signs in with \`POST /api/login\` and uses the token it gets.

**Language.** Messages come in the account's language (Russian or English); before sign-in, in the
\`Accept-Language\` one.

**Errors.** Every refusal is JSON \`{ "message", "code", "fields"? }\` with the status listed under each operation;
\`code\` is stable, \`message\` is for people, \`fields\` names each invalid field of a form (422).

**Limits.** A JSON body is at most ${MAX_JSON_BODY_KIB} KiB (413 otherwise); an uploaded knowledge file at most
${MAX_FILE_BYTES / 1024 / 1024} MiB. Lists are paged with \`page\` and \`per_page\`: chats up to ${CHATS_PER_PAGE_MAX} per
page, a chat's messages up to ${CHAT_MESSAGES_PER_PAGE_MAX}, History up to ${HISTORY_PER_PAGE_MAX}. Sign-in, registration and
code checks are rate-limited per address and e-mail; a chat summary to 10 a minute per account, invoices to 20 an
hour, company look-ups to 30 in ten minutes. Past a limit the answer is 429 \`rate_limited\` with \`Retry-After\` in
seconds. Money is in integer minor units (kopecks, cents) beside its currency.

**Event webhooks.** Instead of polling, register an endpoint (Event webhooks) and receive signed events as they
happen, signed per Standard Webhooks; see docs/api.md.
`.trim();
