import { signRoomToken } from '../shared/room-token';
import { type Rooms, roomSocketUrl } from './rooms';

export interface RoomSubscriber {
  send(data: string): void;
}

/** In-process rooms for the embedded shape; the Node server attaches WebSocket clients to them. */
export class LocalRooms implements Rooms {
  private readonly rooms = new Map<string, Set<RoomSubscriber>>();

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
    return () => {
      members.delete(subscriber);
      if (members.size === 0) this.rooms.delete(room);
    };
  }

  async publish(room: string, message: unknown): Promise<void> {
    const data = JSON.stringify(message);
    for (const subscriber of this.rooms.get(room) ?? []) subscriber.send(data);
  }

  async joinUrl(room: string, now: Date): Promise<string> {
    return roomSocketUrl(this.host, room, await signRoomToken(this.secret, room, now));
  }
}
