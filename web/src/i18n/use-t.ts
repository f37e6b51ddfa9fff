import { useLingui } from '@lingui/react';
import type { Language } from '../../../functions/shared/constants';
import { isLanguage, isMessageId, type MessageId, type MessageValues } from './i18n';

/**
 * Typed translation for components; they re-render when the language changes. `te` translates a form
 * error, which is a message id from the browser's checks or already-translated text from the server.
 */
export function useT() {
  const { i18n, _ } = useLingui();
  const t = (id: MessageId, values?: MessageValues): string => _(id, values);
  const te = (error: unknown): string | undefined => {
    if (typeof error !== 'string' || error === '') return undefined;
    return isMessageId(error) ? _(error) : error;
  };
  const lang: Language = isLanguage(i18n.locale) ? i18n.locale : 'ru';
  return { t, te, lang, i18n };
}
