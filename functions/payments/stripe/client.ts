import Stripe from 'stripe';

/** Where the Stripe API is reached: the real one unless a test points the client at a fake. */
export interface StripeClientConfig {
  secretKey: string;
  /** e.g. `http://127.0.0.1:4242`; omitted for https://api.stripe.com. */
  apiBase?: string;
  /** Network retries of the SDK (default 2); every POST carries an Idempotency-Key, so they are safe. */
  maxNetworkRetries?: number;
  /** Per request, in milliseconds (default 20 s; the SDK's own default is 80 s). */
  timeoutMs?: number;
}

type Address = Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'>;

/** The SDK's `host`/`port`/`protocol` options from a base URL; an empty object for the real API. */
export function apiAddress(apiBase: string | undefined): Address {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`Stripe apiBase must be an http(s) URL, got ${apiBase}`);
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? '80' : '443'), protocol };
}

/**
 * A Stripe client that runs on Workers and on Node alike: requests go through `fetch`, not Node's
 * http module, and nothing reports telemetry.
 */
export function createStripeClient(config: StripeClientConfig): Stripe {
  return new Stripe(config.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: config.maxNetworkRetries ?? 2,
    timeout: config.timeoutMs ?? 20_000,
    telemetry: false,
    ...apiAddress(config.apiBase),
  });
}

/** Verifies webhook signatures with WebCrypto (SubtleCrypto), available on Workers and Node ≥ 20. */
export const webhookCrypto = (): Stripe.CryptoProvider => Stripe.createSubtleCryptoProvider();
