import type { UrlRefusal } from './url-guard';

/**
 * How a bot's webhook reaches the URL `checkWebhookUrl` let through. The shapes differ: in Node the
 * name is resolved, every address checked and the connection made to the checked one
 * (functions/local-webhook-fetch.ts); Workers cannot resolve names and Cloudflare refuses private
 * networks itself, so there the URL check is all there is (`directWebhookFetch`). The engine calls
 * whichever the entry put into AppSettings and never knows which.
 */
export type WebhookFetch = (url: URL, init: RequestInit, options: WebhookFetchOptions) => Promise<Response>;

export interface WebhookFetchOptions {
  /** The installation allows loopback and private addresses (tests, closed networks). */
  allowPrivate: boolean;
}

/** A webhook the fetch would not send: where the name led is not somewhere a bot may call. */
export class WebhookRefused extends Error {
  constructor(readonly reason: UrlRefusal) {
    super(`webhook refused: ${reason}`);
    this.name = 'WebhookRefused';
  }
}

/** The Workers shape: the platform's fetch, never following a redirect; the URL check already ran. */
export const directWebhookFetch: WebhookFetch = (url, init) => fetch(url, { ...init, redirect: 'manual' });
