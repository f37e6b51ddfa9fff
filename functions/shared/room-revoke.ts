import { ROOM_TOKEN_SECONDS, type RoomGrant } from './room-token';

/**
 * Which sockets of a room to close when sessions end: one session's (logout), or every socket but
 * those of one session (a password change keeps the current session; a reset keeps none). Sockets
 * joined without a session (API keys, widget visitors) go with "every socket but".
 */
export type SessionSockets = { session: string } | { allBut: string | null };

/** Whether a socket joined under session `sid` (null: none) is among `which`. */
export function isRevoked(which: SessionSockets, sid: string | null): boolean {
  return 'session' in which ? sid === which.session : sid === null || sid !== which.allBut;
}

/** Reads a revoke command's JSON body (functions/party/main.ts); null when it is not one. */
export function parseSessionSockets(value: unknown): SessionSockets | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.session === 'string') return { session: record.session };
  if ('allBut' in record && (typeof record.allBut === 'string' || record.allBut === null)) {
    return { allBut: record.allBut };
  }
  return null;
}

/**
 * A revocation a room remembers, so a token issued before it cannot open a new socket either; `at` in
 * seconds. Kept only as long as such a token could still be valid.
 */
export interface Revocation {
  which: SessionSockets;
  at: number;
}

/** The revocations that still cover tokens which have not expired. */
export const liveRevocations = (list: readonly Revocation[], nowSeconds: number): Revocation[] =>
  list.filter((revocation) => revocation.at + ROOM_TOKEN_SECONDS >= nowSeconds);

/**
 * Whether a revocation covers a token: every token of an ended session, or, for "every socket but",
 * the tokens issued before it (one issued since was issued to someone still signed in).
 */
export const grantRevoked = (list: readonly Revocation[], grant: RoomGrant): boolean =>
  list.some(({ which, at }) => isRevoked(which, grant.sid) && ('session' in which || grant.iat < at));

/** Close codes a room sends (4000–4999 are the application's); clients reconnect with a fresh token. */
export const ROOM_CLOSE = {
  expired: { code: 4001, reason: 'room token expired' },
  revoked: { code: 4003, reason: 'session ended' },
} as const;

/** The query that marks a POST to a room as a command to close sockets rather than a message. */
export const REVOKE_COMMAND = 'revoke';
