/**
 * The website chat widget: `<script src="https://<product host>/widget.js" data-integration="<id>"
 * async></script>` on a customer's page. It talks to /api/widget/<id> on the host it was loaded
 * from, draws itself in a shadow root, keeps the visitor the server named (id and token) and the
 * dialogue in localStorage, and hears answers over the visitor's room socket (polling while the
 * socket is closed).
 */
import type {
  OnchatPublicSettings,
  WidgetDialogue,
  WidgetMessage,
  WidgetVisitor,
} from '../../../functions/shared/onchat';
import { onchatDefaults } from '../../../functions/shared/onchat';
import { type Result, WidgetApi } from './api';
import { browserLanguage, widgetTexts } from './i18n';
import { Live } from './live';
import { type Panel, type PanelMessage, renderPanel } from './panel';
import { loadSaved, randomId, type Saved, save } from './store';

/** Typing shows this long before the answer is due (the wait before it is the bot's accumulation). */
const TYPING_LEAD_MS = 3000;
/** Past the due time, the widget asks whether the answer is still coming. */
const OVERDUE_CHECK_MS = 15_000;
const CONFIG_RETRY_MS = [2000, 5000, 15_000, 60_000];

const LOCAL = 'local:';

/** A server message as the panel keeps it (and localStorage stores it). */
const shown = ({ id, author, text, files }: WidgetMessage): PanelMessage => ({
  id,
  author,
  text,
  ...(files ? { files } : {}),
});

class Widget {
  private panel: Panel | null = null;
  private saved: Saved;
  private readonly live: Live;
  private typingTimers: ReturnType<typeof setTimeout>[] = [];
  private noticeTimer: ReturnType<typeof setTimeout> | undefined;
  private texts = widgetTexts(browserLanguage());

  constructor(
    private readonly api: WidgetApi,
    private readonly root: ShadowRoot,
    private readonly storageKey: string,
  ) {
    this.saved = loadSaved(storageKey);
    this.live = new Live({
      event: (event) => {
        if (event.type === 'message') this.merge([event.message], false);
        else void this.refresh();
      },
      refresh: () => this.refresh(),
    });
  }

  async start(attempt = 0): Promise<void> {
    const config = await this.api.config(this.saved.visitor);
    if (config.ok) {
      this.adopt(config.data.visitor);
      return this.show(config.data);
    }
    if (config.status === 403) {
      console.warn(`Chat widget: ${config.message ?? 'this site is not allowed'}`);
      return this.refused();
    }
    if (config.status === 404) {
      console.warn('Chat widget: this chat does not exist or is switched off');
      return;
    }
    const delay = CONFIG_RETRY_MS[Math.min(attempt, CONFIG_RETRY_MS.length - 1)];
    setTimeout(() => void this.start(attempt + 1), delay);
  }

  private show(settings: OnchatPublicSettings): void {
    this.api.language = settings.language;
    this.texts = widgetTexts(settings.language);
    this.panel = renderPanel(
      this.root,
      settings,
      { open: this.saved.open, messages: this.saved.messages },
      {
        toggle: (open) => this.toggle(open),
        send: (text) => this.send(text),
        retry: (id) => this.retry(id),
      },
    );
    if (this.saved.messages.length > 0) void this.refresh(true);
  }

  /** The site is not in the allowed domains: the launcher opens a panel that says so. */
  private refused(): void {
    const settings = { ...onchatDefaults(browserLanguage()), welcome_enabled: false };
    this.panel = renderPanel(
      this.root,
      settings,
      { locked: true, notice: { kind: 'error', text: widgetTexts(settings.language).notAllowed } },
      { toggle: (open) => this.panel?.update({ open }), send: () => {}, retry: () => {} },
    );
  }

  /**
   * Takes the visitor the server named. Another visitor than the saved one (the saved token was
   * not valid, or there was none) starts a new dialogue: the old messages are not theirs to show.
   */
  private adopt(visitor: WidgetVisitor): void {
    const same = this.saved.visitor?.id === visitor.id;
    this.saved.visitor = visitor;
    if (!same) {
      const unsent = this.messages.filter((message) => message.id.startsWith(LOCAL));
      this.saved.messages = unsent;
      this.panel?.update({ messages: unsent });
      this.live.restart();
    }
    this.persist();
  }

  /** The server no longer accepts the saved visitor: asks for a new one. */
  private async renewVisitor(): Promise<WidgetVisitor | null> {
    const config = await this.api.config(null);
    if (!config.ok) return null;
    this.adopt(config.data.visitor);
    return config.data.visitor;
  }

  private toggle(open: boolean): void {
    this.panel?.update(open ? { open, unread: 0 } : { open });
    this.saved.open = open;
    this.persist();
  }

  private get messages(): PanelMessage[] {
    return this.panel?.state.messages ?? [];
  }

  private setMessages(messages: PanelMessage[]): void {
    this.panel?.update({ messages });
    this.saved.messages = messages;
    this.persist();
  }

  private persist(): void {
    save(this.storageKey, this.saved);
  }

  /**
   * Takes the server's messages in: the whole dialogue (`full`) or what is new. A reply from the
   * bot or an operator ends "typing" and, while the panel is closed, counts as unread.
   */
  private merge(incoming: WidgetMessage[], full: boolean): void {
    const current = this.messages;
    const known = new Set(current.map((message) => message.id));
    const fresh = incoming.filter((message) => !known.has(message.id));
    const serverTexts = new Set(
      incoming.filter((message) => message.author === 'customer').map((message) => message.text),
    );
    // The visitor's own message may come back through the room before its POST answers.
    const unsent = current.filter(
      (message) =>
        message.id.startsWith(LOCAL) && !(message.status === 'sending' && serverTexts.has(message.text)),
    );
    const kept = full ? [] : current.filter((message) => !message.id.startsWith(LOCAL));
    const next = [...kept, ...(full ? incoming : fresh).map(shown), ...unsent];
    const replies = fresh.filter((message) => message.author !== 'customer').length;
    if (fresh.length === 0 && next.length === current.length && !full) return;
    this.setMessages(next);
    if (replies > 0) {
      this.setPending(null);
      if (this.panel && !this.panel.state.open)
        this.panel.update({ unread: this.panel.state.unread + replies });
    }
  }

  /** Fetches the dialogue (what is new, or all of it); answers a fresh room address. */
  private async refresh(full = false): Promise<string | null> {
    const visitor = this.saved.visitor;
    if (!visitor) return null;
    const last = full ? undefined : this.messages.filter((message) => !message.id.startsWith(LOCAL)).at(-1);
    const answer: Result<WidgetDialogue> = await this.api.dialogue(visitor, last?.id);
    if (!answer.ok) {
      if (answer.status === 401) {
        await this.renewVisitor();
        return null;
      }
      if (answer.status === 0) this.notice('warning', this.texts.offline, false);
      else if (answer.status === 403) this.refused();
      this.live.poll();
      return null;
    }
    if (this.panel?.state.notice?.text === this.texts.offline) this.panel.update({ notice: null });
    this.merge(answer.data.messages, full);
    this.setPending(answer.data.answer_due_at, answer.serverOffsetMs);
    this.live.follow(answer.data.room_url);
    return answer.data.room_url;
  }

  private send(text: string): void {
    const message: PanelMessage = {
      id: `${LOCAL}${randomId(16)}`,
      author: 'customer',
      text,
      status: 'sending',
    };
    this.setMessages([...this.messages, message]);
    void this.post(message);
  }

  private retry(id: string): void {
    const message = this.messages.find((item) => item.id === id);
    if (!message) return;
    const again: PanelMessage = { ...message, status: 'sending' };
    this.setMessages(this.messages.map((item) => (item.id === id ? again : item)));
    void this.post(again);
  }

  /**
   * Posts a message; the same message id on a retry makes the server store it once. A visitor the
   * server no longer accepts is replaced once, and the message goes to the new visitor's dialogue.
   */
  private async post(message: PanelMessage, renewed = false): Promise<void> {
    const visitor = this.saved.visitor ?? (await this.renewVisitor());
    const answer = visitor
      ? await this.api.send(visitor, message.id.slice(LOCAL.length), message.text)
      : ({ ok: false, status: 0, message: null } as const);
    if (!answer.ok && answer.status === 401 && !renewed && (await this.renewVisitor())) {
      return this.post(message, true);
    }
    if (!answer.ok) {
      this.setMessages(
        this.messages.map((item) => (item.id === message.id ? { ...item, status: 'failed' } : item)),
      );
      if (answer.status === 403) this.refused();
      else if (answer.message) this.notice('warning', answer.message, true);
      return;
    }
    const stored = answer.data.message;
    const others = this.messages.filter((item) => item.id !== message.id);
    this.setMessages(
      others.some((item) => item.id === stored.id)
        ? others
        : [
            ...others.filter((item) => !item.id.startsWith(LOCAL)),
            shown(stored),
            ...others.filter((item) => item.id.startsWith(LOCAL)),
          ],
    );
    this.setPending(answer.data.answer_due_at, answer.serverOffsetMs);
    this.live.follow(answer.data.room_url);
  }

  private notice(kind: 'error' | 'warning', text: string, fades: boolean): void {
    clearTimeout(this.noticeTimer);
    this.panel?.update({ notice: { kind, text } });
    if (fades) this.noticeTimer = setTimeout(() => this.panel?.update({ notice: null }), 6000);
  }

  /**
   * Typing shows from shortly before the answer is due until it arrives; an answer that is long
   * overdue is asked about once, and typing stops if none is coming.
   */
  private setPending(dueAt: string | null, serverOffsetMs = 0): void {
    for (const timer of this.typingTimers) clearTimeout(timer);
    this.typingTimers = [];
    if (dueAt === null) {
      if (this.panel?.state.typing) this.panel.update({ typing: false });
      return;
    }
    const due = Date.parse(dueAt) - serverOffsetMs;
    const showIn = due - TYPING_LEAD_MS - Date.now();
    const show = () => this.panel?.update({ typing: true });
    if (showIn <= 0) show();
    else this.typingTimers.push(setTimeout(show, showIn));
    const overdue = Math.max(0, due - Date.now()) + OVERDUE_CHECK_MS;
    this.typingTimers.push(
      setTimeout(() => void this.refresh(), overdue),
      setTimeout(() => this.panel?.update({ typing: false }), overdue + 4 * OVERDUE_CHECK_MS),
    );
  }
}

declare global {
  interface Window {
    __chatWidgets?: Set<string>;
  }
}

function boot(): void {
  const script =
    (document.currentScript as HTMLScriptElement | null) ??
    document.querySelector<HTMLScriptElement>('script[data-integration][src*="widget.js"]');
  const id = script?.dataset.integration;
  if (!script || !id) {
    console.warn('Chat widget: add data-integration="<id>" to the widget script tag');
    return;
  }
  const started = window.__chatWidgets ?? new Set<string>();
  window.__chatWidgets = started;
  if (started.has(id)) return;
  started.add(id);
  const origin = new URL(script.src, location.href).origin;
  const api = new WidgetApi(`${origin}/api/widget/${encodeURIComponent(id)}`);
  const mount = () => {
    // An element of its own kind, shown whatever the page's CSS says about divs or `display`.
    const host = document.createElement('chat-widget');
    host.dataset.chatWidget = id;
    host.style.setProperty('display', 'block', 'important');
    document.body.append(host);
    const widget = new Widget(api, host.attachShadow({ mode: 'open' }), `chat-widget:${id}`);
    void widget.start();
  };
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount, { once: true });
}

boot();
