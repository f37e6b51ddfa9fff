import {
  VISITOR_ID_PATTERN,
  VISITOR_TOKEN_PATTERN,
  type WidgetVisitor,
} from '../../../functions/shared/onchat';
import type { PanelMessage } from './panel';

/** What the widget keeps in the site's localStorage, per integration, across page loads. */
export interface Saved {
  /** The visitor the server issued (id and token); null until the config names one. */
  visitor: WidgetVisitor | null;
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

const isVisitor = (value: unknown): value is WidgetVisitor => {
  const visitor = value as WidgetVisitor | null;
  return (
    typeof visitor === 'object' &&
    visitor !== null &&
    typeof visitor.id === 'string' &&
    VISITOR_ID_PATTERN.test(visitor.id) &&
    typeof visitor.token === 'string' &&
    VISITOR_TOKEN_PATTERN.test(visitor.token)
  );
};

/**
 * The saved visitor and dialogue. A visitor saved before tokens existed (a bare id) cannot prove
 * it is that visitor: it starts again as a new one, without the old messages.
 */
export function loadSaved(key: string): Saved {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<Saved> | null;
    if (value && isVisitor(value.visitor)) {
      return {
        visitor: { id: value.visitor.id, token: value.visitor.token },
        open: value.open === true,
        messages: Array.isArray(value.messages) ? value.messages.filter(isMessage) : [],
      };
    }
    if (value) return { visitor: null, open: value.open === true, messages: [] };
  } catch {
    // Storage blocked or a broken value: start a new visitor.
  }
  return { visitor: null, open: false, messages: [] };
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
