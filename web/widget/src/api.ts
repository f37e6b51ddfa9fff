import type {
  OnchatPublicSettings,
  WidgetDialogue,
  WidgetMessage,
  WidgetSent,
} from '../../../functions/shared/onchat';

/** How a call ended: the answer, or why not (HTTP status, 0 when the network failed). */
export type Result<T> =
  | { ok: true; data: T; serverOffsetMs: number }
  | { ok: false; status: number; message: string | null };

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

  config() {
    return this.call<OnchatPublicSettings>('GET', '/config');
  }

  dialogue(visitorId: string, after?: string) {
    const query = `?visitor_id=${encodeURIComponent(visitorId)}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
    return this.call<WidgetDialogue>('GET', `/messages${query}`);
  }

  send(visitorId: string, messageId: string, text: string) {
    return this.call<WidgetSent>('POST', '/messages', { visitor_id: visitorId, message_id: messageId, text });
  }
}

export type { WidgetMessage };
