import { lookup } from 'node:dns/promises';
import { isIPv6, type LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import { AddressRefused, type Connect, type GuardedFetch, guardedFetchOver } from './guarded-fetch';
import { isIpAddress, isPublicAddress } from './ip-address';

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

/**
 * A `lookup` for a socket the guarded fetch cannot make (a WebSocket held open): resolves the name and
 * answers its addresses only when every one is public (or the installation allows private ones).
 */
export function guardedLookup(allowPrivate: boolean, resolve: ResolveHost = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    const host = hostname.replace(/^\[|\]$/g, '');
    const resolved = isIpAddress(host) ? Promise.resolve([host]) : resolve(host);
    resolved.then(
      (addresses) => {
        if (addresses.length === 0) return callback(new Error(`${host} resolves to no address`), '', 4);
        if (!allowPrivate && !addresses.every(isPublicAddress)) {
          return callback(new AddressRefused('private_address'), '', 4);
        }
        pinnedLookup(addresses)(hostname, options, callback);
      },
      (error: Error) => callback(error, '', 4),
    );
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
export interface TlsOptions {
  ca?: string;
}

const NULL_BODY_STATUSES = [204, 205, 304];

/** A body as bytes undici's fetch takes whatever kind it was given (a form, a string, bytes), with its type. */
async function plainBody(init: RequestInit): Promise<{ body?: string | Uint8Array; type?: string }> {
  if (init.body === undefined || init.body === null) return {};
  if (typeof init.body === 'string') return { body: init.body };
  const request = new Request('http://body.invalid/', { method: 'POST', body: init.body });
  return {
    body: new Uint8Array(await request.arrayBuffer()),
    type: request.headers.get('content-type') ?? undefined,
  };
}

/**
 * The Node shape's connection: resolves the name once, refuses it when any address it resolves to
 * is not public (unless the installation allows private addresses), and connects through an agent
 * whose DNS lookup can only answer the addresses checked, so a second lookup cannot lead elsewhere
 * (DNS rebinding). The URL keeps its name: the Host header and TLS (SNI and the certificate check)
 * use the name the account gave. Redirects are never followed.
 */
export function resolvingConnect(resolve: ResolveHost = systemResolve, tls: TlsOptions = {}): Connect {
  return async (url, init, { allowPrivate }) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIpAddress(host) ? [host] : await untilAborted(resolve(host), init.signal);
    if (addresses.length === 0) throw new Error(`${host} resolves to no address`);
    if (!allowPrivate && !addresses.every(isPublicAddress)) throw new AddressRefused('private_address');
    const { body, type } = await plainBody(init);
    const headers = new Headers(init.headers);
    if (type && !headers.has('content-type')) headers.set('content-type', type);
    const dispatcher = new Agent({ connect: { lookup: pinnedLookup(addresses), ...tls } });
    try {
      const response = await undiciFetch(url, {
        method: init.method,
        headers: [...headers],
        body,
        signal: init.signal ?? undefined,
        redirect: 'manual',
        dispatcher,
      });
      // Closing waits for the body to be read or cancelled, then lets the socket go.
      void dispatcher.close();
      const answer = NULL_BODY_STATUSES.includes(response.status) ? null : response.body;
      return new Response(answer as ReadableStream<Uint8Array> | null, {
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

/** The guarded fetch of the Node shape (guarded-fetch.ts). */
export const resolvingGuardedFetch = (
  resolve: ResolveHost = systemResolve,
  tls: TlsOptions = {},
): GuardedFetch => guardedFetchOver(resolvingConnect(resolve, tls));
