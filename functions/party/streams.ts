import type * as Party from 'partykit/server';
import {
  STREAM_GONE_STATUSES,
  STREAM_IDLE_MS,
  type StreamHoldCommand,
  streamFingerprint,
} from '../ports/streams';
import { openSecret, type SealedSecret, sealSecret } from '../secrets/secret-box';
import { parseSecretsKey } from '../secrets/secrets-key';
import { sameSecret } from '../shared/same-secret';

/**
 * Party "streams", one room per held stream (ports/streams.ts): the API posts the target with the
 * shared secret; the room opens the WebSocket (a fetch with `Upgrade`, so the token header goes
 * along), posts each frame in order to the app's inbound address, and checks every minute that the
 * socket is open, reopening it if it dropped. It lets go of itself when the app answers 401 or 404,
 * or when the API has not asked for it for a while. The target carries the system's token and the
 * stream secret: room storage keeps it sealed under SECRETS_KEY (the PartyKit project's variable, the
 * same key as the API's), like every credential at rest.
 */

type Target = StreamHoldCommand['target'];
interface Stored {
  target: SealedSecret;
  heldAt: number;
}

const TARGET_LABEL = 'party.streams.target';

const KEY = 'stream';
const CHECK_MS = 60_000;

const json = (status: number, message: string, code: string) => Response.json({ message, code }, { status });

const configuredSecret = (env: Record<string, unknown>): string | undefined => {
  const secret = env.PARTYKIT_SECRET;
  return typeof secret === 'string' && secret.length >= 32 ? secret : undefined;
};

const configuredKey = (env: Record<string, unknown>): string | undefined => {
  const key = env.SECRETS_KEY;
  return typeof key === 'string' && parseSecretsKey(key) ? key : undefined;
};

function isHoldCommand(value: unknown): value is StreamHoldCommand {
  const target = (value as { target?: Record<string, unknown> } | null)?.target;
  return (
    (value as { command?: unknown } | null)?.command === 'hold' &&
    typeof target === 'object' &&
    target !== null &&
    ['key', 'url', 'path', 'forwardUrl'].every((name) => typeof target[name] === 'string') &&
    /^wss?:\/\//.test(String(target.url)) &&
    /^https?:\/\//.test(String(target.forwardUrl))
  );
}

/** The Workers runtime's WebSocket as a fetch with `Upgrade` answers it. */
interface ClientSocket {
  accept(): void;
  close(code?: number, reason?: string): void;
  readyState: number;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'close' | 'error', listener: () => void): void;
}

export default class StreamRoom implements Party.Server {
  private socket: ClientSocket | null = null;
  private fingerprint = '';
  private queue: Promise<void> = Promise.resolve();

  constructor(readonly room: Party.Room) {}

  async onRequest(request: Party.Request): Promise<Response> {
    if (request.method !== 'POST') return json(405, 'Only POST holds a stream', 'method_not_allowed');
    const secret = configuredSecret(this.room.env);
    if (!secret) return json(500, 'PARTYKIT_SECRET is not configured', 'internal_error');
    const key = configuredKey(this.room.env);
    if (!key) return json(500, 'SECRETS_KEY is not configured', 'internal_error');
    if (!sameSecret(request.headers.get('authorization') ?? '', `Bearer ${secret}`)) {
      return json(401, 'Unauthorized', 'unauthorized');
    }
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return json(400, 'The body must be JSON', 'bad_request');
    }
    if (!isHoldCommand(body) || body.target.key !== this.room.id) {
      return json(400, 'Not a stream to hold', 'bad_request');
    }
    const sealed = await sealSecret(key, TARGET_LABEL, JSON.stringify(body.target));
    await this.room.storage.put<Stored>(KEY, { target: sealed, heldAt: Date.now() });
    await this.ensure(body.target);
    if ((await this.room.storage.getAlarm()) === null)
      await this.room.storage.setAlarm(Date.now() + CHECK_MS);
    return Response.json({ held: true, open: this.socket !== null });
  }

  async onAlarm(): Promise<void> {
    const stored = await this.room.storage.get<Stored>(KEY);
    if (!stored) return this.release();
    if (Date.now() - stored.heldAt > STREAM_IDLE_MS) return this.release();
    const target = await this.storedTarget(stored);
    // Stored in clear by an older room, or under another key: the API holds it again within minutes.
    if (!target) return this.release();
    await this.ensure(target);
    await this.room.storage.setAlarm(Date.now() + CHECK_MS);
  }

  private async storedTarget(stored: Stored): Promise<Target | null> {
    const key = configuredKey(this.room.env);
    if (!key) return null;
    try {
      return JSON.parse(await openSecret(key, TARGET_LABEL, stored.target)) as Target;
    } catch {
      return null;
    }
  }

  private async ensure(target: Target): Promise<void> {
    const fingerprint = streamFingerprint(target);
    if (this.socket && this.fingerprint === fingerprint) return;
    this.socket?.close(1000, 'replaced');
    this.socket = null;
    try {
      await this.open(target, fingerprint);
    } catch (error) {
      console.warn(`stream ${target.key}: not opened: ${error instanceof Error ? error.message : error}`);
    }
  }

  private async open(target: Target, fingerprint: string): Promise<void> {
    const response = await fetch(target.url.replace(/^ws/, 'http'), {
      headers: { ...target.headers, Upgrade: 'websocket' },
    });
    const socket = (response as unknown as { webSocket?: ClientSocket | null }).webSocket;
    if (!socket) throw new Error(`the server answered ${response.status} without a socket`);
    socket.accept();
    this.socket = socket;
    this.fingerprint = fingerprint;
    socket.addEventListener('message', (event) => {
      const frame =
        typeof event.data === 'string' ? event.data : new TextDecoder().decode(event.data as ArrayBuffer);
      this.queue = this.queue.then(() => this.forward(target, socket, frame));
    });
    const dropped = () => {
      if (this.socket === socket) this.socket = null;
    };
    socket.addEventListener('close', dropped);
    socket.addEventListener('error', dropped);
  }

  private async forward(target: Target, socket: ClientSocket, frame: string): Promise<void> {
    try {
      const response = await fetch(target.forwardUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...target.forwardHeaders },
        body: frame,
      });
      if (STREAM_GONE_STATUSES.has(response.status) && this.socket === socket) await this.release();
    } catch (error) {
      console.error(
        `stream ${target.key}: a frame not handed on: ${error instanceof Error ? error.message : error}`,
      );
    }
  }

  private async release(): Promise<void> {
    this.socket?.close(1000, 'released');
    this.socket = null;
    this.fingerprint = '';
    await this.room.storage.deleteAll();
    await this.room.storage.deleteAlarm();
  }
}
