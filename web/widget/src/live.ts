import type { WidgetRoomEvent } from '../../../functions/shared/onchat';

/** How often the dialogue is fetched while the socket is closed. */
export const POLL_MS = 4000;
const MAX_RECONNECT_MS = 30_000;

export interface LiveHandlers {
  event(event: WidgetRoomEvent): void;
  /** Fetches what is new; answers a fresh room address, or null when the fetch failed. */
  refresh(): Promise<string | null>;
}

const isRoomEvent = (value: unknown): value is WidgetRoomEvent => {
  const type = (value as { type?: unknown } | null)?.type;
  return type === 'message' || type === 'idle';
};

/**
 * Follows the visitor's room over a WebSocket. While it is closed the dialogue is polled every few
 * seconds, and each poll brings a fresh address (tokens last an hour) to reconnect with, less and
 * less often while connecting keeps failing. Every opened socket first catches up with one fetch.
 */
export class Live {
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private nextAttempt = 0;

  constructor(private readonly handlers: LiveHandlers) {}

  /** Follows the room at `url` unless a socket is open already; no url means no chat to follow yet. */
  follow(url: string | null): void {
    if (!url || this.socket) return;
    if (Date.now() >= this.nextAttempt) this.connect(url);
    else this.poll();
  }

  private connect(url: string): void {
    this.nextAttempt = Date.now() + Math.min(MAX_RECONNECT_MS, 1000 * 2 ** this.failures);
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch {
      this.failures++;
      this.poll();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.failures = 0;
      this.stopPolling();
      void this.handlers.refresh();
    };
    socket.onmessage = (message) => {
      try {
        const event: unknown = JSON.parse(String(message.data));
        if (isRoomEvent(event)) this.handlers.event(event);
      } catch {
        // Not ours to show: the next fetch brings the dialogue anyway.
      }
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.failures++;
      this.poll();
    };
  }

  /** Polls until a socket is open again. */
  poll(): void {
    if (this.timer !== null || this.socket) return;
    const tick = async () => {
      this.timer = null;
      if (this.socket) return;
      this.timer = setTimeout(tick, POLL_MS);
      if (document.visibilityState === 'hidden') return;
      const url = await this.handlers.refresh();
      if (url && !this.socket && Date.now() >= this.nextAttempt) this.connect(url);
    };
    this.timer = setTimeout(tick, this.failures > 0 ? 1000 : POLL_MS);
  }

  /** The visitor changed: the socket of the old visitor's room closes, and the next fetch names the new one. */
  restart(): void {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    socket.close();
    this.poll();
  }

  get connected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  private stopPolling(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
