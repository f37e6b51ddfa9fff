import type { PanelMessage } from './panel';

/** What the widget keeps in the site's localStorage, per integration, across page loads. */
export interface Saved {
  visitor: string;
  open: boolean;
  /** The last messages, drawn at once on the next load, before the server's copy arrives. */
  messages: PanelMessage[];
}

const KEEP_MESSAGES = 50;

/** A random id of [A-Za-z0-9_-]: 18 random bytes make 24 characters. */
export function randomId(bytes = 18): string {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...data))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function loadSaved(key: string): Saved {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<Saved> | null;
    if (value && typeof value.visitor === 'string' && /^[A-Za-z0-9_-]{22,64}$/.test(value.visitor)) {
      return {
        visitor: value.visitor,
        open: value.open === true,
        messages: Array.isArray(value.messages) ? value.messages.filter(isMessage) : [],
      };
    }
  } catch {
    // Storage blocked or a broken value: start a new visitor.
  }
  return { visitor: randomId(), open: false, messages: [] };
}

export function save(key: string, saved: Saved): void {
  try {
    const messages = saved.messages.filter((message) => !message.status).slice(-KEEP_MESSAGES);
    localStorage.setItem(key, JSON.stringify({ ...saved, messages }));
  } catch {
    // Storage full or blocked: the dialogue is still on the server.
  }
}

function isMessage(value: unknown): value is PanelMessage {
  const message = value as PanelMessage;
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof message.id === 'string' &&
    typeof message.text === 'string' &&
    (message.author === 'customer' || message.author === 'bot' || message.author === 'operator')
  );
}
