import type { SessionSockets } from '../shared/room-revoke';

/** Realtime fan-out to browsers subscribed to a room (PartyKit in production). */
export interface Rooms {
  publish(room: string, message: unknown): Promise<void>;
  /**
   * The WebSocket address a browser opens to follow one room, with a short-lived token for that room
   * only: rooms refuse sockets without it, so knowing a room's name is not enough to listen in. The
   * socket closes when the token expires, and when `sessionId` (the signed-in user's) ends.
   */
  joinUrl(room: string, now: Date, sessionId?: string | null): Promise<string>;
  /** Closes the sockets of the room that sessions which just ended opened (logout, password reset). */
  revokeSockets(room: string, which: SessionSockets): Promise<void>;
}

/** `/parties/main/{room}?token=...` on a host: PartyKit's URL scheme, served by both shapes. */
export function roomSocketUrl(host: string, room: string, token: string): string {
  const base = host.replace(/\/+$/, '').replace(/^http/, 'ws');
  return `${base}/parties/main/${encodeURIComponent(room)}?token=${encodeURIComponent(token)}`;
}
