import type { Currency } from './constants';

/**
 * Knowledge storages (SPEC §3 Storage, File; §5 extensions; §9 storage billed daily), shared by the
 * API and the SPA.
 */

export const STORAGE_TYPES = ['vector', 'media'] as const;
export type StorageType = (typeof STORAGE_TYPES)[number];

/** Documents the bot answers from: parsed to text, chunked and embedded. */
export const VECTOR_EXTENSIONS = ['pdf', 'docx', 'txt', 'md', 'csv', 'xlsx'] as const;
/** Files the bot's media action sends as they are. */
export const MEDIA_EXTENSIONS = [
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'pdf',
  'docx',
  'xlsx',
  'pptx',
  'txt',
  'mp4',
  'mov',
  'mp3',
  'ogg',
  'm4a',
  'zip',
] as const;

export const EXTENSIONS: Readonly<Record<StorageType, readonly string[]>> = {
  vector: VECTOR_EXTENSIONS,
  media: MEDIA_EXTENSIONS,
};

/** Bytes in one file (Telegram's sendDocument upload limit is 50 MB; WhatsApp media 16 MB for video). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** Bytes in all storages of one account together. */
export const MAX_ACCOUNT_BYTES = 500 * 1024 * 1024;
export const MAX_STORAGES = 50;
export const MAX_FILES_PER_STORAGE = 500;
export const MAX_STORAGE_NAME = 100;
export const MAX_DESCRIPTION = 2000;
export const MAX_FILE_NAME = 200;

/** The extension of a file name, lower case, without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export const allowedExtension = (type: StorageType, name: string): boolean =>
  EXTENSIONS[type].includes(extensionOf(name));

export const FILE_STATES = ['pending', 'indexing', 'ready', 'failed'] as const;
export type FileState = (typeof FILE_STATES)[number];

/** Images a channel shows as pictures; other media files go as documents. */
export const IMAGE_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'png', 'gif', 'webp'];

/**
 * Storage per GiB and day, in minor units (SPEC §9: billed daily by the space used): 3 ₽, 4 ¢,
 * 4 euro cents, 15 ₸. A day's charge is the account's bytes times this, rounded up, so any stored
 * file costs at least one minor unit a day.
 */
export const STORAGE_PRICE_PER_GIB_DAY: Readonly<Record<Currency, number>> = {
  rub: 300,
  usd: 4,
  eur: 4,
  kzt: 1500,
};

const GIB = 1024 ** 3;

export function storageDayPrice(bytes: number, currency: Currency): number {
  if (bytes <= 0) return 0;
  const price = BigInt(STORAGE_PRICE_PER_GIB_DAY[currency]) * BigInt(Math.ceil(bytes));
  return Number((price + BigInt(GIB) - 1n) / BigInt(GIB));
}
