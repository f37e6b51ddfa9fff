/**
 * Telegram facts both the server and the web app need, without the Bot API client (which stays on
 * the server).
 */

/** A bot token as @BotFather issues it: the bot's numeric id, a colon, 35 URL-safe characters. */
export const TELEGRAM_TOKEN_PATTERN = /^\d+:[A-Za-z0-9_-]{30,}$/;

/** Where the owner creates a bot and gets its token. */
export const BOTFATHER_URL = 'https://t.me/BotFather';

/** A bot's public address, by its username. */
export const telegramBotUrl = (username: string) => `https://t.me/${encodeURIComponent(username)}`;
