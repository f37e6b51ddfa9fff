/**
 * The website chat widget ("onchat", SPEC §3 Online chat widget settings): the settings kept in the
 * integration's connection_data, their defaults, and the allowed-domain rule. Plain code without
 * valibot, so the widget bundle and the SPA preview can import it cheaply.
 */

export const ONCHAT_LANGUAGES = ['ru', 'en'] as const;
export type OnchatLanguage = (typeof ONCHAT_LANGUAGES)[number];

/** What the visitor's page sees (the settings part of GET /api/widget/{id}/config) and the widget draws. */
export interface OnchatPublicSettings {
  /** #rrggbb, lower case. */
  color: string;
  language: OnchatLanguage;
  welcome_enabled: boolean;
  welcome_text: string;
  title: string;
  additional_title: string;
  subtitle: string;
  show_online: boolean;
}

/** Everything kept in connection_data: the public part and the sites that may show the widget. */
export interface OnchatSettings extends OnchatPublicSettings {
  /** Normalised host names (`shop.example.com`, `*.example.com`); empty allows every site. */
  allowed_domains: string[];
}

export const ONCHAT_LIMITS = {
  title: 60,
  additional_title: 60,
  subtitle: 120,
  welcome_text: 500,
  domains: 50,
  domain: 253,
} as const;

/** The brand colour new widgets start with. */
export const ONCHAT_DEFAULT_COLOR = '#4c6ef5';

const DEFAULT_TEXTS: Record<OnchatLanguage, Pick<OnchatSettings, 'welcome_text' | 'title' | 'subtitle'>> = {
  ru: {
    welcome_text: 'Здравствуйте! Чем можем помочь?',
    title: 'Онлайн-чат',
    subtitle: 'Отвечаем в течение пары минут',
  },
  en: {
    welcome_text: 'Hello! How can we help you?',
    title: 'Online chat',
    subtitle: 'We usually reply within a couple of minutes',
  },
};

/** A new widget's settings in one language. */
export const onchatDefaults = (language: OnchatLanguage = 'ru'): OnchatSettings => ({
  color: ONCHAT_DEFAULT_COLOR,
  language,
  welcome_enabled: true,
  ...DEFAULT_TEXTS[language],
  additional_title: '',
  show_online: true,
  allowed_domains: [],
});

export const publicOnchatSettings = ({
  allowed_domains: _domains,
  ...rest
}: OnchatSettings): OnchatPublicSettings => rest;

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST_PATTERN = new RegExp(`^(?:\\*\\.)?${LABEL}(?:\\.${LABEL})*$`);

/**
 * An allowed-domain entry as the owner typed it, reduced to a host name: lower case, without scheme,
 * user info, path, query, port or trailing dot; international names in punycode, as browsers send
 * them in Origin. `*.` in front is kept (any subdomain). Null when no host name is left.
 */
export function normaliseDomain(input: string): string | null {
  let text = input.trim().toLowerCase();
  if (text === '') return null;
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/^\/\//, '');
  text = text.replace(/[/?#].*$/, '');
  text = text.replace(/^.*@/, '');
  const wildcard = text.startsWith('*.');
  if (wildcard) text = text.slice(2);
  text = text.replace(/:\d*$/, '').replace(/\.$/, '');
  if (text === '' || text.length > ONCHAT_LIMITS.domain) return null;
  let host: string;
  try {
    host = new URL(`http://${text}`).hostname;
  } catch {
    return null;
  }
  const result = wildcard ? `*.${host}` : host;
  return HOST_PATTERN.test(result) ? result : null;
}

const withoutWww = (host: string) => (host.startsWith('www.') ? host.slice(4) : host);

/**
 * Whether a page on `host` may show the widget. The rule (ports and schemes do not matter):
 * - `example.com` allows example.com and www.example.com (and `www.example.com` allows both too);
 * - `*.example.com` allows example.com and every subdomain of it, at any depth;
 * - an empty list allows every site.
 */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  const visitor = host.toLowerCase().replace(/\.$/, '');
  if (visitor === '') return false;
  return allowed.some((entry) => {
    if (entry.startsWith('*.')) {
      const base = entry.slice(2);
      return visitor === base || visitor.endsWith(`.${base}`);
    }
    return withoutWww(visitor) === withoutWww(entry);
  });
}

/** The host of an Origin header value; null for a missing, opaque ("null") or malformed origin. */
export function originHost(origin: string | undefined | null): string | null {
  if (!origin || origin === 'null') return null;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.replace(/^\[|\]$/g, '');
  } catch {
    return null;
  }
}

/** A visitor the server named: the id and the token that proves it (sent with every call). */
export interface WidgetVisitor {
  id: string;
  token: string;
}

/**
 * GET /api/widget/{id}/config: the settings, and the visitor the page is — the one it named with a
 * valid token, otherwise a new one.
 */
export interface WidgetConfig extends OnchatPublicSettings {
  visitor: WidgetVisitor;
}

/** A message of the visitor's dialogue as the widget shows it: no prices, history or system notices. */
export interface WidgetMessage {
  id: string;
  author: 'customer' | 'bot' | 'operator';
  text: string;
  created_at: string;
  /** Files the bot sent with the message (its media action): pictures are shown, others linked. */
  files?: WidgetFile[];
}

export interface WidgetFile {
  name: string;
  kind: 'image' | 'file';
  url: string;
}

/** GET /api/widget/{id}/messages. */
export interface WidgetDialogue {
  messages: WidgetMessage[];
  /** While the visitor's message waits for an answer: when it is due (the widget shows typing). */
  answer_due_at: string | null;
  /** The visitor's live room (one-hour token); null before the visitor's first message. */
  room_url: string | null;
}

/** POST /api/widget/{id}/messages. */
export interface WidgetSent {
  message: WidgetMessage;
  answer_due_at: string | null;
  room_url: string;
}

/** What the visitor's room sends: a new message, or "no answer is coming" (refused, failed). */
export type WidgetRoomEvent = { type: 'message'; message: WidgetMessage } | { type: 'idle' };

/** Visitor ids: random, issued by the config endpoint with a token; the token lets a page read the dialogue. */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
/** Visitor tokens: an HMAC-SHA256 in base64url. */
export const VISITOR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Message ids: generated by the widget per message, so a retried POST is stored once. */
export const WIDGET_MESSAGE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const WIDGET_MESSAGE_MAX_LENGTH = 2000;
