import {
  grantRevoked,
  isRevoked,
  liveRevocations,
  type Revocation,
  ROOM_CLOSE,
  type SessionSockets,
} from '../shared/room-revoke';
import { type RoomGrant, signRoomToken } from '../shared/room-token';
import { type Rooms, roomSocketUrl } from './rooms';

export interface RoomSubscriber {
  send(data: string): void;
  /** Ends the subscriber's connection; revoked subscribers leave the room either way. */
  close?(code: number, reason: string): void;
  /** The session whose token let it in; none for visitors and in-process listeners. */
  sessionId?: string | null;
}

/** In-process rooms for the embedded shape; the Node server attaches WebSocket clients to them. */
export class LocalRooms implements Rooms {
  private readonly rooms = new Map<string, Set<RoomSubscriber>>();
  private revocations = new Map<string, Revocation[]>();

  /** `secret` signs join tokens (local-rooms-socket.ts checks them); `host` is the server's origin. */
  constructor(
    readonly secret: string,
    private readonly host: string,
  ) {}

  join(room: string, subscriber: RoomSubscriber): () => void {
    let members = this.rooms.get(room);
    if (!members) {
      members = new Set();
      this.rooms.set(room, members);
    }
    members.add(subscriber);
    return () => this.leave(room, subscriber);
  }

  private leave(room: string, subscriber: RoomSubscriber): void {
    const members = this.rooms.get(room);
    if (!members?.delete(subscriber)) return;
    if (members.size === 0) this.rooms.delete(room);
  }

  async publish(room: string, message: unknown): Promise<void> {
    const data = JSON.stringify(message);
    for (const subscriber of this.rooms.get(room) ?? []) subscriber.send(data);
  }

  async joinUrl(room: string, now: Date, sessionId?: string | null): Promise<string> {
    return roomSocketUrl(this.host, room, await signRoomToken(this.secret, room, now, { sessionId }));
  }

  /** Whether a socket with this grant may join: no revocation since covers its token. */
  admits(room: string, grant: RoomGrant): boolean {
    return !grantRevoked(this.revocations.get(room) ?? [], grant);
  }

  async revokeSockets(room: string, which: SessionSockets): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    const kept = new Map<string, Revocation[]>();
    for (const [name, list] of this.revocations) {
      const live = liveRevocations(list, now);
      if (live.length > 0) kept.set(name, live);
    }
    kept.set(room, [...(kept.get(room) ?? []), { which, at: now }]);
    this.revocations = kept;
    for (const subscriber of [...(this.rooms.get(room) ?? [])]) {
      if (!isRevoked(which, subscriber.sessionId ?? null)) continue;
      this.leave(room, subscriber);
      subscriber.close?.(ROOM_CLOSE.revoked.code, ROOM_CLOSE.revoked.reason);
    }
  }
}
