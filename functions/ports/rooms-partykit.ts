import { signRoomToken } from '../shared/room-token';
import { type Rooms, roomSocketUrl } from './rooms';

/** Publishes to a PartyKit room through its HTTP endpoint; the room broadcasts to its sockets. */
export class PartyKitRooms implements Rooms {
  constructor(
    private readonly host: string,
    private readonly secret: string,
  ) {}

  async publish(room: string, message: unknown): Promise<void> {
    const response = await fetch(`${this.host}/parties/main/${encodeURIComponent(room)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify(message),
    });
    if (!response.ok) throw new Error(`PartyKit answered ${response.status}`);
  }

  /** The room (functions/party/main.ts) checks the token with the same PARTYKIT_SECRET. */
  async joinUrl(room: string, now: Date): Promise<string> {
    return roomSocketUrl(this.host, room, await signRoomToken(this.secret, room, now));
  }
}
