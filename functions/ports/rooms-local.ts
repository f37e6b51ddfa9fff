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

/** What one process tells the others of its rooms: a message published, or sockets revoked. */
export type RoomBusEvent =
  | { kind: 'publish'; room: string; data: string }
  | { kind: 'revoke'; room: string; which: SessionSockets; at: number };

/**
 * Carries room events between the `npm start` processes of one database (rooms-bus-postgres.ts), so
 * a socket held by one process hears what another published. Every event comes back to its sender too.
 */
export interface RoomsBus {
  send(event: RoomBusEvent): Promise<void>;
  listen(receive: (event: RoomBusEvent) => void): Promise<void>;
}

/**
 * In-process rooms for the Node shape; the Node server attaches WebSocket clients to them. With a
 * `bus`, what any process publishes or revokes reaches the sockets of all of them.
 */
export class LocalRooms implements Rooms {
  private readonly rooms = new Map<string, Set<RoomSubscriber>>();
  private revocations = new Map<string, Revocation[]>();

  /** `secret` signs join tokens (local-rooms-socket.ts checks them); `host` is the server's origin. */
  constructor(
    readonly secret: string,
    private readonly host: string,
    private readonly bus?: RoomsBus,
  ) {}

  /** Starts hearing the other processes' events (with a bus; nothing to do without one). */
  async listen(): Promise<void> {
    await this.bus?.listen((event) => {
      if (event.kind === 'publish') this.deliver(event.room, event.data);
      else this.revokeHere(event.room, event.which, event.at);
    });
  }

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
    if (this.bus) await this.bus.send({ kind: 'publish', room, data });
    else this.deliver(room, data);
  }

  private deliver(room: string, data: string): void {
    for (const subscriber of this.rooms.get(room) ?? []) subscriber.send(data);
  }

  async joinUrl(room: string, now: Date, sessionId?: string | null): Promise<string> {
    return roomSocketUrl(this.host, room, signRoomToken(this.secret, room, now, { sessionId }));
  }

  /** Whether a socket with this grant may join: no revocation since covers its token. */
  admits(room: string, grant: RoomGrant): boolean {
    return !grantRevoked(this.revocations.get(room) ?? [], grant);
  }

  async revokeSockets(room: string, which: SessionSockets): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    // Here at once (a sign-out's sockets close before it answers), and in the other processes by
    // the bus; hearing its own event again changes nothing more.
    this.revokeHere(room, which, now);
    await this.bus?.send({ kind: 'revoke', room, which, at: now });
  }

  private revokeHere(room: string, which: SessionSockets, now: number): void {
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
