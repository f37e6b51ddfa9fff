import type {
  WidgetConfig,
  WidgetDialogue,
  WidgetMessage,
  WidgetSent,
  WidgetVisitor,
} from '../../../functions/shared/onchat';

/** How a call ended: the answer, or why not (HTTP status, 0 when the network failed). */
export type Result<T> =
  | { ok: true; data: T; serverOffsetMs: number }
  | { ok: false; status: number; message: string | null };

const visitorQuery = (visitor: WidgetVisitor) =>
  `visitor_id=${encodeURIComponent(visitor.id)}&visitor_token=${encodeURIComponent(visitor.token)}`;

/** The widget API of one integration on the product host the script was loaded from. */
export class WidgetApi {
  language = '';

  constructor(private readonly base: string) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Result<T>> {
    // A GET with no custom header needs no CORS preflight; Accept-Language is safelisted.
    const headers: Record<string, string> = this.language ? { 'accept-language': this.language } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      const response = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
        mode: 'cors',
      });
      const json: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const message = (json as { message?: unknown } | null)?.message;
        return { ok: false, status: response.status, message: typeof message === 'string' ? message : null };
      }
      const date = Date.parse(response.headers.get('date') ?? '');
      return { ok: true, data: json as T, serverOffsetMs: Number.isNaN(date) ? 0 : date - Date.now() };
    } catch {
      return { ok: false, status: 0, message: null };
    }
  }

  /** The settings and the visitor: the one given, while its token is valid; otherwise a new one. */
  config(visitor: WidgetVisitor | null) {
    return this.call<WidgetConfig>('GET', `/config${visitor ? `?${visitorQuery(visitor)}` : ''}`);
  }

  dialogue(visitor: WidgetVisitor, after?: string) {
    const since = after ? `&after=${encodeURIComponent(after)}` : '';
    return this.call<WidgetDialogue>('GET', `/messages?${visitorQuery(visitor)}${since}`);
  }

  send(visitor: WidgetVisitor, messageId: string, text: string) {
    return this.call<WidgetSent>('POST', '/messages', {
      visitor_id: visitor.id,
      visitor_token: visitor.token,
      message_id: messageId,
      text,
    });
  }
}

export type { WidgetMessage };
