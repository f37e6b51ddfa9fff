import type { LookupFunction } from 'node:net';
import { WebSocket } from 'ws';
import { safeErrorText } from '../shared/safe-error';
import {
  STREAM_GONE_STATUSES,
  STREAM_IDLE_MS,
  type Streams,
  type StreamTarget,
  streamFingerprint,
} from './streams';

/** Hands a frame to the app inside the process (its `request`), or over HTTP in tests. */
export type Forward = (path: string, init: RequestInit) => Promise<Response>;

interface Held {
  fingerprint: string;
  socket: WebSocket;
  /** Frames handed on one after another. */
  queue: Promise<void>;
  heldAt: number;
}

/** The Node process's streams (ports/streams.ts): one `ws` socket per key. */
export class LocalStreams implements Streams {
  private readonly held = new Map<string, Held>();
  private closed = false;

  constructor(
    private readonly forward: Forward,
    private readonly now: () => number = Date.now,
    /** How socket names are resolved: the guarded lookup in `npm start` (the gateway's address is an account's). */
    private readonly lookup?: LookupFunction,
  ) {}

  async hold(target: StreamTarget): Promise<void> {
    if (this.closed) return;
    this.dropIdle();
    const current = this.held.get(target.key);
    const live =
      current &&
      current.fingerprint === streamFingerprint(target) &&
      current.socket.readyState !== WebSocket.CLOSED &&
      current.socket.readyState !== WebSocket.CLOSING;
    if (live) {
      current.heldAt = this.now();
      return;
    }
    current?.socket.terminate();
    this.held.set(target.key, this.open(target));
  }

  /** Keys of the streams open or opening now. */
  keys(): string[] {
    return [...this.held]
      .filter(([, entry]) => entry.socket.readyState <= WebSocket.OPEN)
      .map(([key]) => key);
  }

  close(): void {
    this.closed = true;
    for (const entry of this.held.values()) entry.socket.terminate();
    this.held.clear();
  }

  private release(key: string, entry: Held) {
    if (this.held.get(key) !== entry) return;
    entry.socket.terminate();
    this.held.delete(key);
  }

  private dropIdle() {
    const oldest = this.now() - STREAM_IDLE_MS;
    for (const [key, entry] of this.held) if (entry.heldAt < oldest) this.release(key, entry);
  }

  private open(target: StreamTarget): Held {
    const socket = new WebSocket(target.url, { headers: target.headers, lookup: this.lookup });
    const entry: Held = {
      fingerprint: streamFingerprint(target),
      socket,
      queue: Promise.resolve(),
      heldAt: this.now(),
    };
    socket.on('message', (data) => {
      const frame = data.toString();
      entry.queue = entry.queue.then(async () => {
        try {
          const response = await this.forward(target.path, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...target.forwardHeaders },
            body: frame,
          });
          if (STREAM_GONE_STATUSES.has(response.status)) this.release(target.key, entry);
          else if (!response.ok) console.warn(`stream ${target.key}: a frame refused (${response.status})`);
        } catch (error) {
          console.error(`stream ${target.key}: a frame not handed on: ${safeErrorText(error)}`);
        }
      });
    });
    socket.on('error', (error) => console.warn(`stream ${target.key}: ${safeErrorText(error)}`));
    return entry;
  }
}
