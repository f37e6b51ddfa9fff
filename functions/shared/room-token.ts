import { jwtVerify, SignJWT } from 'jose';

/** How long a browser may join with one token; screens ask for a fresh one when they reconnect. */
export const ROOM_TOKEN_SECONDS = 60 * 60;

const key = (secret: string) => new TextEncoder().encode(secret);

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
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT(sessionId ? { room, sid: sessionId } : { room })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + seconds)
    .sign(key(secret));
}

/** The grant of a token signed with the secret for this room and not expired; null otherwise. */
export async function readRoomToken(
  secret: string,
  token: string | null,
  room: string,
): Promise<RoomGrant | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    const { iat, exp, sid } = payload;
    if (payload.room !== room || typeof iat !== 'number' || typeof exp !== 'number') return null;
    return { iat, exp, sid: typeof sid === 'string' ? sid : null };
  } catch {
    return null;
  }
}

/** Whether the token was signed with the secret for this room and has not expired. */
export async function roomTokenAllows(secret: string, token: string | null, room: string): Promise<boolean> {
  return (await readRoomToken(secret, token, room)) !== null;
}
