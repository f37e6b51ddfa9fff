/** CRM integrations (amoCRM, Kommo): their settings page, finishing the connection, action lists. */
export const crm = {
  'crm.loading': 'Загружаем из CRM…',
  'crm.choose_integration': 'Сначала выберите интеграцию',
  'crm.choose_pipeline': 'Сначала выберите воронку',
  'crm.load_failed': 'Не удалось загрузить данные из CRM.',
  'crm.retry': 'Повторить',
  'crm.field_not_found': 'Поле не найдено',
  'crm.field_options': 'Варианты: {options}',
  'crm.responsible': 'Ответственный',
  'crm.responsible_hint': 'Если не выбран, задача достанется ответственному за сделку.',
  'amo.not_configured':
    '{name} не настроен на этом сервере: администратору нужно задать {prefix}_CLIENT_ID и {prefix}_CLIENT_SECRET.',
  'amo.connect': 'Подключить {name}',
  'amo.reconnect': 'Переподключить',
  'amo.connect_hint':
    'Откроется {name}: выберите аккаунт и нажмите «Разрешить». Потом вы вернётесь сюда, и подключение завершится само.',
  'amo.account': 'Аккаунт',
  'amo.salesbot.title': 'Salesbot для ответов',
  'amo.salesbot.text':
    'Бот отвечает клиентам в чатах {name} через Salesbot. Создайте в {name} Salesbot с одним шагом «Отправить сообщение» и таким текстом:',
  'amo.salesbot.copy': 'Скопировать',
  'amo.salesbot.copied': 'Скопировано',
  'amo.salesbot.id': 'ID Salesbot',
  'amo.salesbot.id_hint': 'Число из адреса Salesbot в {name}.',
  'amo.salesbot.missing': 'Без Salesbot бот не сможет отвечать в чатах {name}.',
  'amo.salesbot.saved': 'Salesbot сохранён',
  'amo.selection.title': 'Сделки, с которыми работает бот',
  'amo.selection.all': 'Сейчас бот работает со всеми сделками. Отметьте этапы, чтобы ограничить его.',
  'amo.selection.some': 'Выбрано этапов: {count}',
  'amo.selection.saved': 'Выбор сохранён',
  'amo.selection.save': 'Сохранить выбор',
  'amo.finish.title': 'Завершаем подключение {name}…',
  'amo.finish.failed': 'Не удалось завершить подключение {name}',
  'amo.finish.retry': 'Попробовать снова',
  'amocrm.confirm.text':
    'Интеграция onchat установлена из маркета amoCRM. Подключайте, только если это ваш аккаунт amoCRM и вы сами установили интеграцию: бот будет отвечать в его чатах за счёт вашего баланса.',
  'amocrm.confirm.failed_hint':
    'Код amoCRM живёт 20 минут и используется один раз: установите интеграцию в amoCRM ещё раз или нажмите «Подключить amoCRM» на странице amoCRM.',
  'kommo.confirm.text':
    'Интеграция onchat установлена из маркета Kommo. Подключайте, только если это ваш аккаунт Kommo и вы сами установили интеграцию: бот будет отвечать в его чатах за счёт вашего баланса.',
  'kommo.confirm.failed_hint':
    'Код Kommo живёт 20 минут и используется один раз: установите интеграцию в Kommo ещё раз или нажмите «Подключить Kommo» на странице Kommo.',
  'amo.denied':
    'Доступ к {name} не предоставлен. Чтобы подключить, нажмите «Подключить» ещё раз и разрешите доступ.',
} as const;
