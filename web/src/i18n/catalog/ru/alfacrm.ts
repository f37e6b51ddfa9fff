/** The AlfaCRM integration's settings page. */
export const alfacrm = {
  'alfa.intro':
    'Бот работает с лидами AlfaCRM: для каждого диалога заводит лида и меняет его статус, поля и задачи. Нужен пользователь AlfaCRM с доступом к API (роль с модулем v2api).',
  'alfa.hostname': 'Адрес AlfaCRM',
  'alfa.hostname_hint': 'Адрес, по которому вы входите в AlfaCRM, например school.s20.online',
  'alfa.hostname_required': 'Укажите адрес AlfaCRM',
  'alfa.hostname_invalid': 'Это не похоже на адрес AlfaCRM (например, school.s20.online)',
  'alfa.email': 'E-mail пользователя API',
  'alfa.email_required': 'Укажите e-mail пользователя',
  'alfa.email_invalid': 'Неправильный формат Email',
  'alfa.api_key': 'API-ключ',
  'alfa.api_key_hint': 'Ключ из профиля пользователя в AlfaCRM.',
  'alfa.api_key_keep': 'Ключ сохранён. Чтобы заменить его, вставьте новый.',
  'alfa.api_key_required': 'Вставьте API-ключ',
  'alfa.api_key_invalid': 'Это не похоже на API-ключ AlfaCRM: проверьте, что он скопирован целиком',
  'alfa.branch': 'ID филиала',
  'alfa.branch_hint': 'Филиал, в котором бот заводит лидов. Обычно 1.',
  'alfa.branch_invalid': 'Только цифры',
  'alfa.saved': 'Сохранено. Нажмите «Подключить», чтобы проверить доступ.',
  'alfa.saved_reconnect': 'Сохранено. Подключите интеграцию заново.',
  'alfa.connected_to': 'Подключено: {host}, филиал «{branch}»',
};
