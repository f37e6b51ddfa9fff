import { REVOKE_COMMAND, type SessionSockets } from '../shared/room-revoke';
import { signRoomToken } from '../shared/room-token';
import { postToParty } from './party-post';
import { type Rooms, roomSocketUrl } from './rooms';

/** Publishes to a PartyKit room through its HTTP endpoint; the room broadcasts to its sockets. */
export class PartyKitRooms implements Rooms {
  constructor(
    private readonly host: string,
    private readonly secret: string,
  ) {}

  async publish(room: string, message: unknown): Promise<void> {
    await this.post(this.roomUrl(room), message);
  }

  /** The room (functions/party/main.ts) checks the token with the same PARTYKIT_SECRET. */
  async joinUrl(room: string, now: Date, sessionId?: string | null): Promise<string> {
    return roomSocketUrl(this.host, room, signRoomToken(this.secret, room, now, { sessionId }));
  }

  /** The room closes the matching sockets; like a publish, the command carries the shared secret. */
  async revokeSockets(room: string, which: SessionSockets): Promise<void> {
    await this.post(`${this.roomUrl(room)}?command=${REVOKE_COMMAND}`, which);
  }

  private roomUrl(room: string): string {
    return `${this.host}/parties/main/${encodeURIComponent(room)}`;
  }

  private post(url: string, body: unknown): Promise<void> {
    return postToParty(url, this.secret, body);
  }
}
