/** The WhatsApp Business Platform (Meta's Cloud API) integration's settings page. */
export const whatsapp = {
  'whatsapp.phone_number_id': 'Phone number ID',
  'whatsapp.phone_number_id_hint': 'ID номера в приложении Meta: WhatsApp › API Setup.',
  'whatsapp.phone_number_id_required': 'Укажите Phone number ID',
  'whatsapp.phone_number_id_invalid': 'Phone number ID — это только цифры, например 106540352242922',
  'whatsapp.waba_id': 'WhatsApp Business Account ID',
  'whatsapp.waba_id_hint': 'ID аккаунта WhatsApp Business там же, в WhatsApp › API Setup.',
  'whatsapp.waba_id_required': 'Укажите WhatsApp Business Account ID',
  'whatsapp.waba_id_invalid': 'WhatsApp Business Account ID — это только цифры',
  'whatsapp.access_token': 'Токен системного пользователя',
  'whatsapp.access_token_hint':
    'Постоянный токен системного пользователя с правами whatsapp_business_messaging и whatsapp_business_management.',
  'whatsapp.access_token_required': 'Вставьте токен',
  'whatsapp.access_token_invalid': 'Это не похоже на токен Meta: проверьте, что он скопирован целиком',
  'whatsapp.app_secret': 'Секрет приложения (App secret)',
  'whatsapp.app_secret_hint':
    'Настройки приложения › Основное › Секрет приложения. Им подписаны вебхуки Meta.',
  'whatsapp.app_secret_required': 'Вставьте секрет приложения',
  'whatsapp.app_secret_invalid': 'Секрет приложения — 32 символа 0–9 и a–f',
  'whatsapp.secret_keep': 'Сохранён. Чтобы заменить, вставьте новый.',
  'whatsapp.saved': 'Сохранено. Нажмите «Подключить».',
  'whatsapp.saved_reconnect': 'Сохранено. Нажмите «Подключить заново», чтобы применить изменения.',
  'whatsapp.where': 'Где это взять:',
  'whatsapp.business_settings': 'настройки компании Meta (системные пользователи)',
  'whatsapp.apps': 'ваши приложения Meta',
  'whatsapp.number': 'Номер WhatsApp: {phone}',
  'whatsapp.verified_name': 'Имя компании в WhatsApp: {name}',
  'whatsapp.steps': 'Как подключить',
  'whatsapp.step_token':
    'В настройках компании Meta создайте системного пользователя, дайте ему доступ к аккаунту WhatsApp и создайте токен без срока действия.',
  'whatsapp.step_ids':
    'В приложении Meta откройте WhatsApp › API Setup и скопируйте Phone number ID и WhatsApp Business Account ID; секрет приложения — в Настройках › Основное.',
  'whatsapp.step_connect': 'Вставьте всё сюда, сохраните и нажмите «Подключить».',
  'whatsapp.step_webhook':
    'В WhatsApp › Configuration вставьте адрес вебхука и токен подтверждения ниже и нажмите «Verify and save».',
  'whatsapp.step_fields':
    'Подпишитесь на поле messages, а если номер открыт и в приложении WhatsApp Business — ещё и на smb_message_echoes: тогда ответ менеджера из приложения остановит бота.',
  'whatsapp.callback_url': 'Адрес вебхука (Callback URL)',
  'whatsapp.verify_token': 'Токен подтверждения (Verify token)',
  'whatsapp.webhook_verified': 'Meta проверила адрес',
  'whatsapp.webhook_waiting': 'Ждём проверки адреса от Meta',
  'whatsapp.webhook_after_connect': 'Адрес вебхука и токен подтверждения появятся здесь после подключения.',
  'whatsapp.window_hint':
    'WhatsApp разрешает отвечать в течение 24 часов после последнего сообщения клиента. Позже ответ не уйдёт, и в диалоге появится пометка с причиной.',
} as const;
