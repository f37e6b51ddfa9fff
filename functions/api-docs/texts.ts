import type { Language } from '../shared/constants';

/** The few words the reference page adds around Scalar's own (which follow `localization`). */
export const apiDocsTexts: Record<Language, { title: string; product: string; back: string; guide: string }> =
  {
    ru: {
      title: 'Справочник API',
      product: 'Конструктор ботов',
      back: 'Вернуться в приложение',
      guide: 'Документация',
    },
    en: {
      title: 'API reference',
      product: 'Bot Builder',
      back: 'Back to the app',
      guide: 'Documentation',
    },
  };
