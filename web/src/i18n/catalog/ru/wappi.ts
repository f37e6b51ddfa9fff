/** The Wappi integration's settings page and QR connection. */
export const wappi = {
  'wappi.token': 'API-токен Wappi',
  'wappi.token_hint': 'Токен доступа к API из личного кабинета Wappi.',
  'wappi.token_keep': 'Токен сохранён. Чтобы заменить его, вставьте новый.',
  'wappi.token_required': 'Вставьте API-токен',
  'wappi.token_invalid': 'Это не похоже на токен Wappi: проверьте, что он скопирован целиком',
  'wappi.token_saved': 'Токен сохранён. Укажите ID профиля и нажмите «Подключить».',
  'wappi.profile': 'ID профиля',
  'wappi.profile_hint': 'Создайте профиль WhatsApp в личном кабинете Wappi и скопируйте его ID.',
  'wappi.profile_required': 'Укажите ID профиля',
  'wappi.profile_invalid': 'Это не похоже на ID профиля Wappi (например, 954597cd-cd99)',
  'wappi.profile_saved': 'ID профиля сохранён. Нажмите «Подключить», чтобы бот начал отвечать.',
  'wappi.profile_reconnect':
    'ID профиля сохранён. Нажмите «Подключить заново», чтобы бот перешёл на этот профиль.',
  'wappi.cabinet': 'Где взять токен и ID профиля: личный кабинет',
  'wappi.profile_name': 'Профиль: {name}',
  'wappi.phone': 'Номер WhatsApp: {phone}',
  'wappi.authorized': 'Телефон авторизован, бот может отвечать клиентам.',
  'wappi.not_authorized': 'Телефон ещё не авторизован: отсканируйте QR-код.',
} as const;
