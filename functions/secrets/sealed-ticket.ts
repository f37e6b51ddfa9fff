import { isSealed, openSecret, sealSecret } from './secret-box';

/**
 * A short-lived ticket: data that must pass through a browser or another system (an install's
 * tokens, a code) sealed under SECRETS_KEY with its expiry inside, written URL-safe. Only this server
 * opens it; an altered, foreign or expired ticket opens to nothing. `label` binds it to its use, so a
 * ticket of one kind is never read as another.
 */

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromBase64Url = (text: string) =>
  new TextDecoder().decode(
    Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0)),
  );

/** Tickets longer than this are not ours (a sealed install is well under 2 KB). */
const MAX_TICKET_LENGTH = 8_192;

export async function sealTicket<T extends object>(
  keyText: string,
  label: string,
  data: T,
  ttlMs: number,
  now: Date,
): Promise<string> {
  const plain = JSON.stringify({ data, expiresAt: now.getTime() + ttlMs });
  return toBase64Url(JSON.stringify(await sealSecret(keyText, label, plain)));
}

/** The data a ticket holds; null when it is not one of ours for `label`, was altered, or expired. */
export async function openTicket(
  keyText: string,
  label: string,
  ticket: unknown,
  now: Date,
): Promise<Record<string, unknown> | null> {
  if (typeof ticket !== 'string' || ticket === '' || ticket.length > MAX_TICKET_LENGTH) return null;
  try {
    const sealed: unknown = JSON.parse(fromBase64Url(ticket));
    if (!isSealed(sealed)) return null;
    const opened = JSON.parse(await openSecret(keyText, label, sealed)) as {
      data?: unknown;
      expiresAt?: unknown;
    };
    if (typeof opened.expiresAt !== 'number' || opened.expiresAt < now.getTime()) return null;
    return typeof opened.data === 'object' && opened.data !== null
      ? (opened.data as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A string field of opened ticket data, or ''. */
export const ticketText = (data: Record<string, unknown>, name: string) =>
  typeof data[name] === 'string' ? (data[name] as string) : '';
