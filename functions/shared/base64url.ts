/** Bytes in base64url without padding (RFC 4648 §5): tokens, ids, PKCE challenges. */
export function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}
