import { jwtVerify, SignJWT } from 'jose';

/** How long a browser may join with one token; screens ask for a fresh one when they reconnect. */
export const ROOM_TOKEN_SECONDS = 60 * 60;

const key = (secret: string) => new TextEncoder().encode(secret);

/** A token that lets a browser open a socket to this one room (PartyKit's or the local server's). */
export function signRoomToken(secret: string, room: string, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ room })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ROOM_TOKEN_SECONDS)
    .sign(key(secret));
}

/** Whether the token was signed with the secret for this room and has not expired. */
export async function roomTokenAllows(secret: string, token: string | null, room: string): Promise<boolean> {
  if (!token) return false;
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    return payload.room === room;
  } catch {
    return false;
  }
}
