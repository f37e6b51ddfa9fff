import { lookup } from 'node:dns/promises';
import { isIPv6, type LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import { isIpAddress, isPublicAddress } from './engine/actions/ip-address';
import { type WebhookFetch, WebhookRefused } from './engine/actions/webhook-fetch';

/** The addresses a host name resolves to, in the resolver's order. */
export type ResolveHost = (name: string) => Promise<string[]>;

export const systemResolve: ResolveHost = async (name) =>
  (await lookup(name, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * A `lookup` for net/tls that answers only the addresses already checked, whatever it is asked: all
 * of them when the socket tries several (happy eyeballs), else the first.
 */
function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIPv6(address) ? 6 : 4 }));
  return (_hostname, options, callback) => {
    const [first] = entries;
    if (options.all) callback(null, entries);
    else if (first) callback(null, first.address, first.family);
    else callback(new Error('no checked address'), '', 4);
  };
}

/** `promise`, or the signal's reason once it aborts (DNS lookups take no signal of their own). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Certificates to trust instead of the system's (tests, with a self-signed fake); unset in production. */
export interface WebhookTlsOptions {
  ca?: string;
}

const NULL_BODY_STATUSES = [204, 205, 304];

/**
 * The Node shape's webhook fetch: resolves the name once, refuses it when any address it resolves to
 * is not public (unless the installation allows private webhooks), and connects through an agent
 * whose DNS lookup can only answer the addresses checked, so a second lookup cannot lead elsewhere
 * (DNS rebinding). The URL keeps its name: the Host header and TLS (SNI and the certificate check)
 * use the name the owner wrote. Redirects are never followed.
 */
export function resolvingWebhookFetch(
  resolve: ResolveHost = systemResolve,
  tls: WebhookTlsOptions = {},
): WebhookFetch {
  return async (url, init, { allowPrivate }) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIpAddress(host) ? [host] : await untilAborted(resolve(host), init.signal);
    if (addresses.length === 0) throw new Error(`${host} resolves to no address`);
    if (!allowPrivate && !addresses.every(isPublicAddress)) throw new WebhookRefused('private_address');
    const dispatcher = new Agent({ connect: { lookup: pinnedLookup(addresses), ...tls } });
    try {
      const response = await undiciFetch(url, {
        method: init.method,
        headers: init.headers ? [...new Headers(init.headers)] : undefined,
        body: typeof init.body === 'string' ? init.body : undefined,
        signal: init.signal ?? undefined,
        redirect: 'manual',
        dispatcher,
      });
      // Closing waits for the body to be read or cancelled, then lets the socket go.
      void dispatcher.close();
      const body = NULL_BODY_STATUSES.includes(response.status) ? null : response.body;
      return new Response(body as ReadableStream<Uint8Array> | null, {
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
      });
    } catch (error) {
      void dispatcher.destroy();
      throw error;
    }
  };
}
