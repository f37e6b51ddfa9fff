/** Hex HMAC-SHA256 of `text` under `secret`, as PHP's hash_hmac('sha256', text, secret) gives it. */
export async function hmacHex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text)));
  return [...signature].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
