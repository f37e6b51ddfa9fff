import type { AppSettings, Ports } from '../../ports';
import { openSecretText, sealSecret } from '../../secrets/secret-box';
import { sha256Hex } from '../../shared/sha256-hex';
import type { AvitoToken, TokenSource } from './client';

/**
 * Avito's client-credentials token, cached for its lifetime (reference/messengers.md §5: 24 h) in
 * the kv store, sealed like every credential at rest. The key carries a digest of the credentials,
 * so new credentials never use the old ones' token. A token the API refused (401) is replaced once
 * by the client (client.ts); two callers that find the cache empty at the same moment may both ask
 * for one, which costs a request and nothing else (client-credentials tokens are not spent).
 */

/** A token this close to its end is not used: it is asked for again. */
const MARGIN_SECONDS = 5 * 60;
const LABEL = 'kv.avito_token';

const digest = (text: string) => sha256Hex(text).slice(0, 24);

export const avitoTokenKey = (integrationId: string, clientId: string, clientSecret: string) =>
  `avito:token:${integrationId}:${digest(`${clientId}\n${clientSecret}`)}`;

async function cached(settings: AppSettings, ports: Ports, key: string): Promise<string | null> {
  const stored = await ports.kv.get(key);
  if (!stored) return null;
  // A token sealed under another key is only a cache miss: a new one is asked for.
  return openSecretText(settings.secretsKey, LABEL, stored);
}

/** Keeps `token` for its lifetime less the margin. */
export async function keepAvitoToken(
  settings: AppSettings,
  ports: Ports,
  key: string,
  token: AvitoToken,
): Promise<void> {
  const ttlSeconds = token.expiresInSeconds - MARGIN_SECONDS;
  if (ttlSeconds <= 0) return;
  const sealed = await sealSecret(settings.secretsKey, LABEL, token.accessToken);
  await ports.kv.set(key, JSON.stringify(sealed), { ttlSeconds });
}

/** The cached token, or a new one from `issue` when there is none or the cached one was refused. */
export function cachedTokenSource(
  settings: AppSettings,
  ports: Ports,
  key: string,
  issue: () => Promise<AvitoToken>,
): TokenSource {
  return {
    async get(stale) {
      const token = await cached(settings, ports, key);
      if (token && token !== stale) return token;
      const fresh = await issue();
      await keepAvitoToken(settings, ports, key, fresh);
      return fresh.accessToken;
    },
  };
}
