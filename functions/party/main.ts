import type * as Party from 'partykit/server';
import {
  grantRevoked,
  isRevoked,
  liveRevocations,
  parseSessionSockets,
  REVOKE_COMMAND,
  type Revocation,
  ROOM_CLOSE,
} from '../shared/room-revoke';
import { type RoomGrant, readRoomToken, roomTokenAllows } from '../shared/room-token';
import { sameSecret } from '../shared/same-secret';

const json = (status: number, message: string, code: string) => Response.json({ message, code }, { status });

const configuredSecret = (env: Record<string, unknown>): string | undefined => {
  const secret = env.PARTYKIT_SECRET;
  return typeof secret === 'string' && secret.length >= 32 ? secret : undefined;
};

type Socket = Party.Connection<RoomGrant>;

/**
 * The room's name as the API signed it: PartyKit's room id is the raw path segment, so `account:…`
 * arrives as `account%3A…`. A malformed escape stays as is and matches no token.
 */
function roomName(id: string): string {
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

/** A socket still in onConnect has no grant yet; it is not taken for expired. */
const isExpired = (socket: Socket, nowMs: number) =>
  socket.state !== null && socket.state.exp * 1000 <= nowMs;

/** Storage key of the room's recent revocations, so a revoked token cannot open a new socket. */
const REVOCATIONS = 'revocations';

/**
 * Party "main", one room per chat, account or integration: browsers connect a socket with a token the
 * API signed for that room (functions/shared/room-token.ts), the API (rooms-partykit.ts) POSTs a JSON
 * message with the shared secret, and the room sends it to every socket as is. A socket keeps its
 * token's grant as its state: it is closed when the token expires (an alarm, and a check before each
 * send) and when the API revokes its session (a POST with `?command=revoke`). The local shape
 * (local-rooms-socket.ts) serves the same URL scheme, checks the same token and sends the same text.
 */
export default class MainRoom implements Party.Server {
  /** Rooms mostly wait between QR updates; hibernation keeps idle sockets cheap. */
  readonly options: Party.ServerOptions = { hibernate: true };

  constructor(readonly room: Party.Room) {}

  /** Runs at the edge before the room wakes: a socket without this room's token never reaches it. */
  static async onBeforeConnect(
    request: Party.Request,
    lobby: Party.Lobby,
  ): Promise<Party.Request | Response> {
    const secret = configuredSecret(lobby.env);
    const token = new URL(request.url).searchParams.get('token');
    if (secret && roomTokenAllows(secret, token, roomName(lobby.id))) return request;
    return json(401, 'Unauthorized', 'unauthorized');
  }

  async onConnect(socket: Socket, ctx: Party.ConnectionContext): Promise<void> {
    const secret = configuredSecret(this.room.env);
    const token = new URL(ctx.request.url).searchParams.get('token');
    const grant = secret ? readRoomToken(secret, token, roomName(this.room.id)) : null;
    if (!grant) {
      socket.close(ROOM_CLOSE.expired.code, ROOM_CLOSE.expired.reason);
      return;
    }
    if (grantRevoked((await this.room.storage.get<Revocation[]>(REVOCATIONS)) ?? [], grant)) {
      socket.close(ROOM_CLOSE.revoked.code, ROOM_CLOSE.revoked.reason);
      return;
    }
    socket.setState(grant);
    const current = await this.room.storage.getAlarm();
    if (current === null || current > grant.exp * 1000) await this.room.storage.setAlarm(grant.exp * 1000);
  }

  /** Closes the sockets whose tokens expired and wakes the room again for the next one to expire. */
  async onAlarm(): Promise<void> {
    const now = Date.now();
    let next = Number.POSITIVE_INFINITY;
    for (const socket of this.room.getConnections<RoomGrant>()) {
      if (socket.state === null) continue;
      if (isExpired(socket, now)) socket.close(ROOM_CLOSE.expired.code, ROOM_CLOSE.expired.reason);
      else next = Math.min(next, socket.state.exp * 1000);
    }
    if (Number.isFinite(next)) await this.room.storage.setAlarm(next);
  }

  async onRequest(request: Party.Request): Promise<Response> {
    if (request.method !== 'POST') return json(405, 'Only POST publishes to a room', 'method_not_allowed');
    const secret = configuredSecret(this.room.env);
    if (!secret) {
      return json(500, 'PARTYKIT_SECRET is not configured', 'internal_error');
    }
    if (!sameSecret(request.headers.get('authorization') ?? '', `Bearer ${secret}`)) {
      return json(401, 'Unauthorized', 'unauthorized');
    }
    const text = await request.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return json(400, 'The body must be JSON', 'bad_request');
    }
    if (new URL(request.url).searchParams.get('command') === REVOKE_COMMAND) return this.revoke(body);
    const now = Date.now();
    for (const socket of this.room.getConnections<RoomGrant>()) {
      if (isExpired(socket, now)) socket.close(ROOM_CLOSE.expired.code, ROOM_CLOSE.expired.reason);
      else socket.send(text);
    }
    return new Response(null, { status: 204 });
  }

  /** Closes the sockets of sessions that ended (functions/services/realtime/session-sockets.ts). */
  private async revoke(body: unknown): Promise<Response> {
    const which = parseSessionSockets(body);
    if (!which) return json(400, 'Expected {"session": id} or {"allBut": id or null}', 'bad_request');
    const at = Math.floor(Date.now() / 1000);
    const recent = liveRevocations((await this.room.storage.get<Revocation[]>(REVOCATIONS)) ?? [], at);
    await this.room.storage.put(REVOCATIONS, [...recent, { which, at }]);
    for (const socket of this.room.getConnections<RoomGrant>()) {
      if (isRevoked(which, socket.state?.sid ?? null)) {
        socket.close(ROOM_CLOSE.revoked.code, ROOM_CLOSE.revoked.reason);
      }
    }
    return new Response(null, { status: 204 });
  }
}
