import type { OnchatLanguage } from '../../../functions/shared/onchat';

/** The widget's own interface texts; the owner's texts (title, welcome) come from its settings. */
const TEXTS = {
  ru: {
    open: 'Открыть чат',
    close: 'Закрыть чат',
    placeholder: 'Напишите сообщение…',
    send: 'Отправить',
    online: 'Онлайн',
    typing: 'Печатает…',
    failed: 'Не отправлено.',
    retry: 'Повторить',
    offline: 'Нет связи с чатом. Пробуем подключиться снова…',
    notAllowed: 'Чат не работает на этом сайте: владелец сайта должен добавить его домен в настройках чата.',
    unread: 'Новых сообщений: ',
  },
  en: {
    open: 'Open chat',
    close: 'Close chat',
    placeholder: 'Write a message…',
    send: 'Send',
    online: 'Online',
    typing: 'Typing…',
    failed: 'Not sent.',
    retry: 'Retry',
    offline: 'No connection to the chat. Trying again…',
    notAllowed:
      "The chat does not work on this site: the site owner must add its domain in the chat's settings.",
    unread: 'New messages: ',
  },
} as const;

export type WidgetTexts = { readonly [K in keyof (typeof TEXTS)['ru']]: string };

export const widgetTexts = (language: OnchatLanguage): WidgetTexts => TEXTS[language] ?? TEXTS.ru;

/** Before the settings arrive (or when they never do): the visitor's browser language. */
export const browserLanguage = (): OnchatLanguage =>
  (navigator.language || '').toLowerCase().startsWith('en') ? 'en' : 'ru';
