import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';

/**
 * The SHA-256 of a text's UTF-8 bytes. Computed in this thread (@noble/hashes, Workers and Node):
 * WebCrypto's digest is asynchronous and cost 20–40 µs of a webhook's time each for a short text,
 * this about 5 µs.
 */
const utf8 = new TextEncoder();

export function sha256Bytes(text: string): Uint8Array {
  return sha256(utf8.encode(text));
}

/** The SHA-256 of a text's UTF-8 bytes in lowercase hex (64 characters). */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256Bytes(text));
}
