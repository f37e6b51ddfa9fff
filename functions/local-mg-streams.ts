import { WebSocket } from 'ws';
import { type MgStreamTarget, STREAM_SECRET_HEADER } from './integrations/retailcrm/stream';
import { safeErrorText } from './shared/safe-error';

/**
 * The local shape holds RetailCRM's chat gateway streams (integrations/retailcrm/stream.ts) in the
 * Node process: every few seconds the connected integrations are listed, a socket is opened for each
 * new one (and again for one that dropped) and closed for one gone. Each frame is handed, in the
 * order it came, to the integration's inbound address inside the process.
 */

export interface MgStreamsOptions {
  list: () => Promise<MgStreamTarget[]>;
  /** Hands a frame to the inbound pipeline (the app's POST /api/webhooks/retailcrm/{id}). */
  forward: (path: string, init: RequestInit) => Promise<Response>;
  intervalMs?: number;
}

interface Held {
  key: string;
  socket: WebSocket;
  /** Frames handed on one after another. */
  queue: Promise<void>;
}

const keyOf = (target: MgStreamTarget) => `${target.url} ${target.token} ${target.secret}`;

export function holdMgStreams(options: MgStreamsOptions): { close: () => void; sync: () => Promise<void> } {
  const held = new Map<string, Held>();
  let closed = false;

  function open(target: MgStreamTarget): Held {
    const socket = new WebSocket(target.url, { headers: { 'X-Bot-Token': target.token } });
    const entry: Held = { key: keyOf(target), socket, queue: Promise.resolve() };
    socket.on('message', (data) => {
      const frame = data.toString();
      entry.queue = entry.queue.then(async () => {
        try {
          const response = await options.forward(`/api/webhooks/retailcrm/${target.integrationId}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', [STREAM_SECRET_HEADER]: target.secret },
            body: frame,
          });
          if (!response.ok)
            console.warn(`retailcrm ${target.integrationId}: a frame refused (${response.status})`);
        } catch (error) {
          console.error(`retailcrm ${target.integrationId}: a frame not handed on: ${safeErrorText(error)}`);
        }
      });
    });
    socket.on('error', (error) =>
      console.warn(`retailcrm ${target.integrationId}: stream: ${safeErrorText(error)}`),
    );
    return entry;
  }

  async function sync() {
    if (closed) return;
    let targets: MgStreamTarget[];
    try {
      targets = await options.list();
    } catch (error) {
      console.error(`retailcrm streams: not listed: ${safeErrorText(error)}`);
      return;
    }
    const wanted = new Map(targets.map((target) => [target.integrationId, target]));
    for (const [id, entry] of held) {
      const target = wanted.get(id);
      const dropped =
        entry.socket.readyState === WebSocket.CLOSED || entry.socket.readyState === WebSocket.CLOSING;
      if (!target || dropped || keyOf(target) !== entry.key) {
        entry.socket.terminate();
        held.delete(id);
      }
    }
    for (const [id, target] of wanted) if (!held.has(id) && !closed) held.set(id, open(target));
  }

  const timer = setInterval(() => void sync(), options.intervalMs ?? 3000);
  timer.unref();
  void sync();
  return {
    sync,
    close() {
      closed = true;
      clearInterval(timer);
      for (const entry of held.values()) entry.socket.terminate();
      held.clear();
    },
  };
}
