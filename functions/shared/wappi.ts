/**
 * Wappi facts both the server and the web app need (reference/messengers.md §2), without the API
 * client, which stays on the server.
 */

/**
 * The API token as the Wappi cabinet shows it (peers show 40 hex characters; the shape is not
 * documented, so any run of letters, digits, `_` and `-` of a token's length is taken).
 */
export const WAPPI_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** A profile id as the cabinet shows it (peers show `954597cd-cd99`). */
export const WAPPI_PROFILE_PATTERN = /^[A-Za-z0-9-]{4,64}$/;

/** Where the owner makes a profile (one WhatsApp number) and copies the token and the profile id. */
export const WAPPI_CABINET_URL = 'https://wappi.pro/dashboard';

/** A number as the owner reads it: +7…, else as given. */
export const wappiPhone = (phone: string) => (/^\d+$/.test(phone) ? `+${phone}` : phone);
