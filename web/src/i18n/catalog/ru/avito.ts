/** The Avito integration's settings page. */
export const avito = {
  'avito.client_id': 'Client ID',
  'avito.client_id_required': 'Укажите Client ID',
  'avito.client_id_invalid': 'Это не похоже на Client ID Авито: проверьте, что он скопирован целиком',
  'avito.client_secret': 'Client Secret',
  'avito.client_secret_hint':
    'Client ID и Client Secret есть на странице «API для бизнеса» в личном кабинете Авито. Мессенджер доступен на тарифах с API.',
  'avito.client_secret_keep': 'Ключи сохранены. Чтобы заменить их, введите Client ID и новый Client Secret.',
  'avito.client_secret_required': 'Вставьте Client Secret',
  'avito.client_secret_invalid': 'Это не похоже на ключ Авито: проверьте, что он скопирован целиком',
  'avito.saved': 'Ключи сохранены. Нажмите «Подключить», чтобы бот начал отвечать в чатах Авито.',
  'avito.api_page': 'Где взять ключи:',
  'avito.api_page_link': 'API для бизнеса на Авито',
  'avito.account': 'Аккаунт Авито: {name}',
  'avito.user_id': 'ID пользователя: {id}',
  'avito.connected_note':
    'Бот отвечает покупателям в чатах Авито. Если вы ответите сами в приложении Авито, бот остановится в этом чате.',
} as const;
