import type { OnchatPublicSettings, WidgetFile, WidgetMessage } from '../../../functions/shared/onchat';
import { widgetTexts } from './i18n';
import { WIDGET_CSS } from './styles';

/** A message on screen: the server's, or the visitor's own while it is being sent or has failed. */
export interface PanelMessage {
  id: string;
  author: WidgetMessage['author'];
  text: string;
  files?: WidgetFile[];
  status?: 'sending' | 'failed';
}

export interface PanelState {
  open: boolean;
  messages: PanelMessage[];
  typing: boolean;
  /** A line above the input: `error` for the site refusal, `warning` while the chat is offline. */
  notice: { kind: 'error' | 'warning'; text: string } | null;
  /** The input is hidden (the site is not allowed). */
  locked: boolean;
  unread: number;
}

export interface PanelHandlers {
  toggle(open: boolean): void;
  send(text: string): void;
  retry(id: string): void;
}

export interface Panel {
  update(changes: Partial<PanelState>): void;
  readonly state: PanelState;
}

export const INITIAL_PANEL_STATE: PanelState = {
  open: false,
  messages: [],
  typing: false,
  notice: null,
  locked: false,
  unread: 0,
};

export const WELCOME_ID = 'welcome';

const SVG = 'http://www.w3.org/2000/svg';
const ICONS = {
  chat: 'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z',
  close: 'M18 6 6 18M6 6l12 12',
  send: 'M22 2 11 13M22 2l-7 20-4-9-9-4 20-7z',
};

function icon(name: keyof typeof ICONS): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', ICONS[name]);
  svg.append(path);
  return svg;
}

/** Every text goes in through textContent: nothing a visitor, bot or owner wrote is parsed as HTML. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A file the bot sent: a picture shown in the bubble, anything else a link; both open in a new tab. */
function fileLink(file: WidgetFile): HTMLElement {
  const link = el(
    'a',
    file.kind === 'image' ? 'fi' : 'ff',
    file.kind === 'image' ? undefined : `📎 ${file.name}`,
  );
  // Only our own https/http links: a file URL is never a script.
  link.href = /^https?:\/\//.test(file.url) ? file.url : '#';
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  if (file.kind === 'image') {
    const image = el('img', '');
    image.src = link.href;
    image.alt = file.name;
    image.loading = 'lazy';
    link.append(image);
  }
  return link;
}

/** Dark text on light brand colours, white on the rest. */
export function textColorOn(color: string): string {
  const value = /^#[0-9a-f]{6}$/i.test(color) ? Number.parseInt(color.slice(1), 16) : 0;
  const luma = (0.299 * (value >> 16) + 0.587 * ((value >> 8) & 255) + 0.114 * (value & 255)) / 255;
  return luma > 0.65 ? '#1f2430' : '#ffffff';
}

/**
 * Draws the widget (launcher and panel) into `root` from the settings and the dialogue: the real
 * widget on a customer's site and the live preview in the settings screen both use it, so they look
 * the same. `inline` lays it out in its container instead of the page corner (the preview). Returns
 * a handle to change the state without drawing everything again (the input keeps what is typed).
 */
export function renderPanel(
  root: ShadowRoot | HTMLElement,
  settings: OnchatPublicSettings,
  initial: Partial<PanelState>,
  handlers: PanelHandlers,
  options: { inline?: boolean } = {},
): Panel {
  const texts = widgetTexts(settings.language);
  const state: PanelState = { ...INITIAL_PANEL_STATE, ...initial };
  root.replaceChildren();

  const style = el('style', '');
  style.textContent = WIDGET_CSS;
  const frame = el('div', options.inline ? 'r i' : 'r');
  frame.lang = settings.language;
  frame.style.setProperty('--bb-c', settings.color);
  frame.style.setProperty('--bb-t', textColorOn(settings.color));

  const panel = el('section', 'p');
  panel.setAttribute('aria-label', settings.title);
  if (!options.inline) panel.setAttribute('role', 'dialog');
  panel.dataset.testid = 'chat-panel';

  const header = el('header', 'h');
  const heading = el('div', 'hb');
  heading.append(el('p', 't', settings.title));
  if (settings.additional_title) heading.append(el('p', 'at', settings.additional_title));
  const status = el('p', 'st');
  if (settings.show_online) status.append(el('span', 'on', texts.online));
  if (settings.subtitle) status.append(el('span', '', settings.subtitle));
  if (status.childElementCount > 0) heading.append(status);
  const close = el('button', 'x');
  close.type = 'button';
  close.setAttribute('aria-label', texts.close);
  close.append(icon('close'));
  close.addEventListener('click', () => handlers.toggle(false));
  header.append(heading, close);

  const list = el('div', 'm');
  list.setAttribute('role', 'log');
  list.setAttribute('aria-live', 'polite');
  const typing = el('div', 'ty');
  typing.dataset.testid = 'chat-typing';
  const dots = el('span', 'd');
  dots.append(el('i', ''), el('i', ''), el('i', ''));
  typing.append(dots, el('span', '', texts.typing));

  const notice = el('div', 'n');
  notice.setAttribute('role', 'status');

  const form = el('form', 'fm');
  const input = el('textarea', 'in');
  input.rows = 1;
  input.maxLength = 2000;
  input.placeholder = texts.placeholder;
  input.setAttribute('aria-label', texts.placeholder);
  const send = el('button', 'sd');
  send.type = 'submit';
  send.setAttribute('aria-label', texts.send);
  send.append(icon('send'));
  form.append(input, send);
  const submit = () => {
    const text = input.value.trim();
    if (text === '') return;
    input.value = '';
    handlers.send(text);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit();
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      submit();
    }
  });

  panel.append(header, list, notice, form);

  const launcher = el('button', 'l');
  launcher.type = 'button';
  launcher.dataset.testid = 'chat-launcher';
  const badge = el('span', 'u');
  launcher.addEventListener('click', () => handlers.toggle(!state.open));

  frame.append(panel, launcher);
  root.append(style, frame);

  const bubble = (message: PanelMessage): HTMLElement[] => {
    const node = el('div', message.author === 'customer' ? 'b c' : 'b', message.text);
    node.dataset.author = message.author;
    for (const file of message.files ?? []) node.append(fileLink(file));
    if (message.status === 'sending') node.classList.add('s');
    if (message.status !== 'failed') return [node];
    const failed = el('div', 'f', texts.failed);
    const retry = el('button', '', texts.retry);
    retry.type = 'button';
    retry.addEventListener('click', () => handlers.retry(message.id));
    failed.append(retry);
    return [node, failed];
  };

  let drawnMessages: PanelMessage[] | null = null;
  const draw = (changes: Partial<PanelState>) => {
    Object.assign(state, changes);
    panel.hidden = !state.open;
    launcher.replaceChildren(icon(state.open ? 'close' : 'chat'), badge);
    launcher.setAttribute('aria-label', state.open ? texts.close : texts.open);
    launcher.setAttribute('aria-expanded', String(state.open));
    badge.textContent = String(state.unread);
    badge.hidden = state.open || state.unread === 0;
    badge.setAttribute('aria-label', `${texts.unread}${state.unread}`);
    if (drawnMessages !== state.messages || changes.typing !== undefined) {
      drawnMessages = state.messages;
      const welcome: PanelMessage[] = settings.welcome_enabled
        ? [{ id: WELCOME_ID, author: 'bot', text: settings.welcome_text }]
        : [];
      list.replaceChildren(...[...welcome, ...state.messages].flatMap(bubble), typing);
      typing.hidden = !state.typing;
      list.scrollTop = list.scrollHeight;
    }
    notice.hidden = state.notice === null;
    notice.className = state.notice?.kind === 'error' ? 'n e' : 'n';
    notice.textContent = state.notice?.text ?? '';
    form.hidden = state.locked;
  };
  draw({});

  return {
    state,
    update(changes) {
      const opening = changes.open === true && !state.open;
      draw(changes);
      if (opening && !state.locked && !options.inline) input.focus();
    },
  };
}
