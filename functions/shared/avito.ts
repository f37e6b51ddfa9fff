/**
 * Avito facts both the server and the web app need (reference/messengers.md §5), without the API
 * client, which stays on the server.
 */

/**
 * A client id as Avito's "API для бизнеса" page shows it (peers show 20 characters of letters,
 * digits, `_` and `-`; the shape is not documented, so a range is taken).
 */
export const AVITO_CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** A client secret as the same page shows it (peers show 40 such characters). */
export const AVITO_CLIENT_SECRET_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** Where the owner finds the client id and secret of their Avito account. */
export const AVITO_API_PAGE_URL = 'https://www.avito.ru/professionals/api';

/** Avito takes at most this many characters in one text message (sendMessageRequestBody). */
export const AVITO_TEXT_LIMIT = 1000;
