/** The API channel's settings page: addresses, the signing secret and the dead letters. */
export const apiChannel = {
  'api_channel.intro':
    'Для агрегаторов и своих систем. Ваша система отправляет сообщения клиентов на адрес вебхука, подписывая тело HMAC-SHA256 (заголовок X-Signature: sha256=…); ответы бота, сообщения операторов и остановки бота приходят на ваш адрес для ответов с той же подписью. Формат и примеры — в документации, страница docs/channels/api-channel.md.',
  'api_channel.callback_url': 'Адрес для ответов (callback URL)',
  'api_channel.callback_url_hint': 'Сюда мы отправляем POST-запросы с ответами бота. Только https.',
  'api_channel.callback_saved': 'Адрес для ответов сохранён',
  'api_channel.webhook_url': 'Адрес вебхука — сюда ваша система отправляет сообщения',
  'api_channel.connect_first':
    'Сохраните адрес для ответов и нажмите «Подключить»: появятся адрес вебхука и секрет подписи.',
  'api_channel.secret': 'Секрет подписи',
  'api_channel.secret_hint': 'Секрет показывается один раз. Сохраните его в своей системе.',
  'api_channel.secret_show': 'Показать секрет',
  'api_channel.secret_once': 'Скопируйте секрет сейчас: после перезагрузки страницы его не будет видно.',
  'api_channel.secret_hidden': 'Секрет уже был показан. Если он потерян, создайте новый.',
  'api_channel.secret_rotate': 'Создать новый секрет',
  'api_channel.secret_rotate_title': 'Создать новый секрет?',
  'api_channel.secret_rotate_text':
    'Старый секрет сразу перестанет работать: сообщения, подписанные им, будут отклоняться, а ответы придут с новой подписью.',
  'api_channel.secret_rotated': 'Новый секрет создан',
  'api_channel.dead_title': 'Недоставленные события',
  'api_channel.dead_hint':
    'Ответы бота, сообщения операторов и остановки, которые ваш адрес не принял после всех попыток (6 попыток за ~2,5 часа) или сразу отклонил с кодом 4xx.',
  'api_channel.dead_empty': 'Недоставленных событий нет',
  'api_channel.dead_failed': 'Не удалось загрузить недоставленные события',
  'api_channel.dead_chat': 'Чат {chat}',
  'api_channel.dead_attempts':
    '{count, plural, one {# попытка} few {# попытки} many {# попыток} other {# попытки}}',
  'api_channel.dead_reason': 'Причина: {reason}',
  'api_channel.dead_retry': 'Повторить',
  'api_channel.dead_retried': 'Отправим ещё раз',
  'api_channel.event.message': 'Сообщение',
  'api_channel.event.chat_stopped': 'Остановка бота',
};
