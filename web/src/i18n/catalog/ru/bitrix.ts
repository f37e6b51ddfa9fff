/** The Bitrix24 integration: confirming an install and its settings page. */
export const bitrix = {
  'bitrix.confirm.text':
    'Приложение onchat установлено в этот портал. Подтвердите, и бот начнёт отвечать клиентам в открытых линиях и работать со сделками.',
  'bitrix.confirm.failed_hint': 'Откройте приложение onchat в Bitrix24 ещё раз и повторите подключение.',
  'bitrix.intro':
    'Чтобы подключить портал, установите приложение onchat в Bitrix24 (Маркет → Приложения) и откройте его: Bitrix24 вернёт вас сюда для подтверждения.',
  'bitrix.not_configured':
    'Bitrix24 не настроен на этом сервере: администратору нужно задать BITRIX_CLIENT_ID и BITRIX_CLIENT_SECRET.',
  'bitrix.portal': 'Портал',
  'bitrix.bot': 'Чат-бот открытых линий',
  'bitrix.bot_text':
    'Бот зарегистрирован в портале. Добавьте его в настройках открытой линии (Контакт-центр → открытая линия → Чат-боты), чтобы он отвечал клиентам.',
};
