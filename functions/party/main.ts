import type * as Party from 'partykit/server';
import { roomTokenAllows } from '../shared/room-token';
import { sameSecret } from '../shared/same-secret';

const json = (status: number, message: string, code: string) => Response.json({ message, code }, { status });

const configuredSecret = (env: Record<string, unknown>): string | undefined => {
  const secret = env.PARTYKIT_SECRET;
  return typeof secret === 'string' && secret.length >= 32 ? secret : undefined;
};

/**
 * Party "main", one room per chat, account or integration: browsers connect a socket with a token the
 * API signed for that room (functions/shared/room-token.ts), the API (rooms-partykit.ts) POSTs a JSON
 * message with the shared secret, and the room sends it to every socket as is. The local shape
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
    if (secret && (await roomTokenAllows(secret, token, lobby.id))) return request;
    return json(401, 'Unauthorized', 'unauthorized');
  }

  async onRequest(request: Party.Request): Promise<Response> {
    if (request.method !== 'POST') return json(405, 'Only POST publishes to a room', 'method_not_allowed');
    const secret = configuredSecret(this.room.env);
    if (!secret) {
      return json(500, 'PARTYKIT_SECRET is not configured', 'internal_error');
    }
    if (!(await sameSecret(request.headers.get('authorization') ?? '', `Bearer ${secret}`))) {
      return json(401, 'Unauthorized', 'unauthorized');
    }
    const text = await request.text();
    try {
      JSON.parse(text);
    } catch {
      return json(400, 'The body must be JSON', 'bad_request');
    }
    this.room.broadcast(text);
    return new Response(null, { status: 204 });
  }
}
