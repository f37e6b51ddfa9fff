import { signJwt, verifyJwt } from './jwt-hs256';

/** How long a browser may join with one token; screens ask for a fresh one when they reconnect. */
export const ROOM_TOKEN_SECONDS = 60 * 60;

export interface RoomTokenOptions {
  /** The session the token is issued to, so ending the session closes its sockets; none for visitors. */
  sessionId?: string | null;
  seconds?: number;
}

/** What a valid room token grants: the room from `iat` until `exp` (seconds), under session `sid` if any. */
export interface RoomGrant {
  iat: number;
  exp: number;
  sid: string | null;
}

/** A token that lets a browser open a socket to this one room (PartyKit's or the local server's). */
export function signRoomToken(
  secret: string,
  room: string,
  now: Date,
  { sessionId, seconds = ROOM_TOKEN_SECONDS }: RoomTokenOptions = {},
): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const granted = sessionId ? { room, sid: sessionId } : { room };
  return signJwt({ ...granted, iat: issuedAt, exp: issuedAt + seconds }, secret);
}

/** The grant of a token signed with the secret for this room and not expired; null otherwise. */
export function readRoomToken(secret: string, token: string | null, room: string): RoomGrant | null {
  const claims = token ? verifyJwt(token, secret, new Date()) : null;
  if (!claims) return null;
  const { iat, exp, sid } = claims;
  if (claims.room !== room || typeof iat !== 'number' || typeof exp !== 'number') return null;
  return { iat, exp, sid: typeof sid === 'string' ? sid : null };
}

/** Whether the token was signed with the secret for this room and has not expired. */
export function roomTokenAllows(secret: string, token: string | null, room: string): boolean {
  return readRoomToken(secret, token, room) !== null;
}
