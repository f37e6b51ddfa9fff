/**
 * WhatsApp Business Platform (Meta's Cloud API) facts both the server and the web app need
 * (reference/whatsapp-cloud.md §1), without the API client, which stays on the server.
 */

/** A phone number id or a WhatsApp Business Account id: a Graph object id, digits only. */
export const WHATSAPP_ID_PATTERN = /^\d{5,30}$/;

/**
 * A system-user access token: opaque and of no fixed length (§1.2: "store without a max size, never
 * parse"), so anything without spaces long enough to be one is taken.
 */
export const WHATSAPP_TOKEN_PATTERN = /^\S{20,}$/;

/** An app secret as App settings › Basic shows it: 32 hexadecimal characters. */
export const WHATSAPP_APP_SECRET_PATTERN = /^[0-9a-fA-F]{32}$/;

/** Where the owner makes the app, the system user and its token, and sets the callback URL. */
export const META_APPS_URL = 'https://developers.facebook.com/apps/';
export const META_BUSINESS_SETTINGS_URL = 'https://business.facebook.com/settings/system-users';

/** A business number as Meta gives it (digits only), shown as +15550783881. */
export const whatsappPhone = (phone: string) => (/^\d+$/.test(phone) ? `+${phone}` : phone);
