/** Booking systems (YCLIENTS, Altegio, Calendly): the salon confirmation, settings pages, booking actions. */
export const booking = {
  'booking.minutes': '{minutes} мин',
  'yclients.confirm.text':
    'Наше приложение подключено в маркетплейсе YCLIENTS. Подтвердите в течение часа после нажатия «Подключить» в YCLIENTS, иначе YCLIENTS отменит подключение. После подтверждения бот сможет записывать клиентов в филиалы салона.',
  'yclients.confirm.failed_hint':
    'Откройте наше приложение в маркетплейсе YCLIENTS и нажмите «Подключить» ещё раз: подтвердить подключение нужно в течение часа.',
  'altegio.confirm.text':
    'Наше приложение подключено в маркетплейсе Altegio. Подтвердите в течение часа после нажатия «Подключить» в Altegio, иначе Altegio отменит подключение. После подтверждения бот сможет записывать клиентов в филиалы салона.',
  'altegio.confirm.failed_hint':
    'Откройте наше приложение в маркетплейсе Altegio и нажмите «Подключить» ещё раз: подтвердить подключение нужно в течение часа.',
  'salon.confirm.salon': 'Салон',
  'salon.confirm.salon_id': 'ID {id}',
  'salon.confirm.user': 'Пользователь {name}',
  'salon.confirm.user_unknown': 'не указан',
  'salon.not_configured':
    '{name} не настроен на этом сервере: администратору нужно задать {prefix}_PARTNER_TOKEN и {prefix}_APPLICATION_ID.',
  'salon.intro': 'Салон {name} можно подключить двумя способами.',
  'salon.way.marketplace': 'Из маркетплейса {name}',
  'salon.way.marketplace_text':
    'В {name} откройте «Интеграции» → «Маркетплейс», найдите наше приложение и нажмите «Подключить». {name} вернёт вас сюда: подтвердите подключение в течение часа.',
  'salon.way.login': 'По логину и паролю',
  'salon.way.login_text':
    'Для салонов без маркетплейса: логин и пароль пользователя {name} с доступом к филиалам. Сохраните их и нажмите «Подключить» выше.',
  'salon.login': 'Логин (телефон или e-mail)',
  'salon.login_required': 'Введите логин',
  'salon.password': 'Пароль',
  'salon.password_hint': 'Пароль пользователя {name}. После сохранения он не показывается.',
  'salon.password_keep': 'Пароль сохранён. Чтобы сменить пользователя, введите логин и пароль заново.',
  'salon.password_required': 'Введите пароль',
  'salon.saved': 'Сохранено. Нажмите «Подключить», чтобы проверить вход.',
  'salon.change_login': 'Другой пользователь',
  'salon.via': 'Как подключено',
  'salon.via.marketplace': 'Из маркетплейса {name}',
  'salon.via.login': 'По логину пользователя {user}',
  'salon.branches':
    '{count, plural, =0 {Филиалов нет} one {# филиал} few {# филиала} many {# филиалов} other {# филиала}}',
  'salon.branches_hint': 'Время записи бот называет клиенту в часовом поясе филиала.',
  'salon.branches_none':
    'Филиалы не найдены. Проверьте доступ пользователя в {name} и нажмите «Переподключить».',
  'salon.branch.title': 'Филиал',
  'salon.branch.address': 'Адрес',
  'salon.branch.time_zone': 'Часовой пояс',
  'salon.branch.id': 'ID',
  'calendly.token': 'Персональный токен доступа',
  'calendly.token_hint': 'Создайте токен в Calendly: Integrations → API & Webhooks → Personal access tokens.',
  'calendly.token_keep': 'Токен сохранён. Чтобы заменить его, вставьте новый.',
  'calendly.token_required': 'Вставьте токен',
  'calendly.token_invalid': 'Это не похоже на токен Calendly: проверьте, что он скопирован целиком',
  'calendly.token_saved': 'Токен сохранён. Нажмите «Подключить», чтобы бот мог записывать клиентов.',
  'calendly.token_where': 'Где взять токен:',
  'calendly.token_link': 'Calendly → Integrations → API & Webhooks',
  'calendly.user': 'Аккаунт Calendly',
  'calendly.time_zone': 'Часовой пояс',
  'calendly.event_types': 'Типы встреч',
  'calendly.event_types_none':
    'В аккаунте нет типов встреч. Создайте тип встречи в Calendly и нажмите «Переподключить».',
  'calendly.inactive': 'выключен',
  'calendly.webhook': 'События о встречах',
  'calendly.webhook.subscribed':
    'Calendly сообщает о назначенных и отменённых встречах: они появляются в чате.',
  'calendly.webhook.unavailable':
    'На бесплатном тарифе Calendly подписка на события недоступна: бот предлагает время и ссылки для записи, но о назначенных встречах в чате не сообщается.',
  'bot.booking.no_branches': 'У салона пока нет филиалов: подключите его на странице интеграции.',
  'bot.booking.branch_missing': 'Филиал {id} (больше нет в салоне)',
  'bot.booking.branch': 'Филиал',
  'bot.booking.branch_hint':
    'Один филиал для всех записей или тот, что клиент выбрал в действии «Получить филиалы».',
  'bot.booking.branch_none': 'Добавьте действие «Получить филиалы» с этим салоном и выберите в нём филиалы.',
  'bot.booking.branch_customer': 'Выбирает клиент',
  'bot.booking.services': 'Услуги',
  'bot.booking.services_hint': 'Не выбрано ни одной — бот записывает на любые услуги филиала.',
  'bot.booking.services_branch_first':
    'Чтобы ограничить услуги, выберите филиал. Без этого бот записывает на любые услуги.',
  'bot.booking.services_loading': 'Загружаем услуги…',
  'bot.booking.services_all': 'Все услуги',
  'bot.booking.services_failed': 'Не удалось загрузить услуги.',
  'bot.booking.service_missing': 'Услуга {id} (больше нет в филиале)',
  'bot.booking.notify_by_sms': 'Отправить клиенту SMS о записи',
  'bot.booking.notify_by_sms_hint': 'SMS отправляет сам салон, если это включено в его настройках.',
  'bot.booking.comment': 'Комментарий к записи',
  'bot.booking.comment_hint': 'Виден администратору салона в записи. До 500 символов.',
  'bot.booking.event_type': 'Тип встречи',
  'bot.booking.event_type_hint': 'Свободное время этого типа встречи бот предлагает клиенту.',
} as const;
