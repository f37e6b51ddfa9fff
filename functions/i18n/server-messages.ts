/** Messages only the API produces; `{name}` placeholders are filled by `translate`. */
export const serverMessages = {
  bad_request: { ru: 'Некорректный запрос', en: 'Bad request' },
  validation_failed: {
    ru: 'Проверьте правильность заполнения полей',
    en: 'Please check the highlighted fields',
  },
  payload_too_large: { ru: 'Слишком большой запрос', en: 'The request is too large' },
  unauthorized: { ru: 'Требуется вход в систему', en: 'Please sign in' },
  session_required: {
    ru: 'Это действие доступно только после входа по паролю, не по API-ключу',
    en: 'This action needs a password sign-in, not an API key',
  },
  owner_only: {
    ru: 'Это может сделать только владелец аккаунта, а не партнёр, вошедший в аккаунт клиента',
    en: "Only the account's owner can do this, not a partner working in the client's account",
  },
  not_found: { ru: 'Не найдено', en: 'Not found' },
  storage_not_found: { ru: 'Хранилище не найдено', en: 'Storage not found' },
  file_not_found: { ru: 'Файл не найден', en: 'File not found' },
  assistant_dialog_not_found: { ru: 'Диалог не найден', en: 'Dialogue not found' },
  assistant_proposal_not_found: { ru: 'Предложение не найдено', en: 'Proposal not found' },
  proposal_decided: {
    ru: 'По этому предложению уже принято решение',
    en: 'This proposal has already been decided',
  },
  assistant_failed: {
    ru: 'Рекс не смог ответить, попробуйте ещё раз',
    en: 'Rex could not answer, please try again',
  },
  assistant_low_balance: {
    ru: 'Недостаточно средств на балансе для ответа Рекса. Пополните баланс',
    en: 'The balance is too low for Rex to answer. Please top it up',
  },
  internal_error: { ru: 'Произошла неизвестная ошибка', en: 'An unknown error occurred' },
  upstream_failed: {
    ru: 'Внешний сервис не ответил, попробуйте позже',
    en: 'An external service did not answer, please try again later',
  },
  rate_limited: {
    ru: 'Слишком много попыток. Повторите через {minutes} мин.',
    en: 'Too many attempts. Try again in {minutes} min.',
  },
  email_taken: {
    ru: 'Пользователь с таким Email уже зарегистрирован',
    en: 'A user with this email is already registered',
  },
  invalid_credentials: { ru: 'Неверный Email или пароль', en: 'Wrong email or password' },
  email_not_verified: {
    ru: 'Email не подтверждён. Введите код из письма',
    en: 'Your email is not confirmed yet. Enter the code from the email',
  },
  code_expired: {
    ru: 'Срок действия кода истёк, запросите новый',
    en: 'The code has expired, request a new one',
  },
  code_attempts_exceeded: {
    ru: 'Слишком много неверных попыток, запросите новый код',
    en: 'Too many wrong attempts, request a new code',
  },
  code_sent: { ru: 'Новый код успешно отправлен', en: 'A new code has been sent' },
  verification_sent: {
    ru: 'Мы отправили код подтверждения на {email}',
    en: 'We have sent a confirmation code to {email}',
  },
  email_verified: { ru: 'Email подтверждён. Войдите в аккаунт', en: 'Email confirmed. Please sign in' },
  reset_code_sent: {
    ru: 'Если аккаунт с таким Email существует, мы отправили на него код',
    en: 'If an account with this email exists, we have sent a code to it',
  },
  password_reset: {
    ru: 'Пароль изменён. Войдите с новым паролем',
    en: 'Password changed. Sign in with the new one',
  },
  password_changed: { ru: 'Пароль успешно изменён', en: 'Password changed' },
  key_not_found: { ru: 'Ключ не найден', en: 'Key not found' },
  keys_limit: { ru: 'Достигнут лимит API-ключей', en: 'API key limit reached' },
  event_webhook_not_found: { ru: 'Вебхук не найден', en: 'Webhook not found' },
  event_webhook_delivery_not_found: { ru: 'Отправка не найдена', en: 'Delivery not found' },
  event_webhooks_limit: {
    ru: 'Достигнут лимит вебхуков событий: {max}',
    en: 'Event webhook limit reached: {max}',
  },
  bots_limit: { ru: 'Достигнут лимит ботов: {max}', en: 'Bot limit reached: {max}' },
  integrations_limit: { ru: 'Достигнут лимит интеграций: {max}', en: 'Integration limit reached: {max}' },
  logged_out: { ru: 'Вы вышли из аккаунта', en: 'Signed out' },
  bot_not_found: { ru: 'Не удалось найти бота с таким ID', en: 'Could not find a bot with this ID' },
  chat_not_found: { ru: 'Чат не найден', en: 'Chat not found' },
  low_balance: {
    ru: 'Недостаточно средств на балансе: пополните баланс',
    en: 'Not enough funds on the balance: top it up',
  },
  currency_locked: {
    ru: 'Валюту нельзя сменить: на балансе уже есть движения средств или подписки в текущей валюте',
    en: 'The currency cannot be changed: the balance already has movements or subscriptions in the current currency',
  },
  currency_open_payment: {
    ru: 'Нельзя сменить валюту, пока есть неоплаченный счёт или действующая ссылка на оплату: оплата по ним зачисляется в текущей валюте',
    en: 'The currency cannot be changed while an invoice or a payment link is unpaid: its payment is credited in the current currency',
  },
  insufficient_balance: {
    ru: 'Недостаточно средств на балансе: не хватает {missing}',
    en: 'Not enough funds on the balance: {missing} short',
  },
  subscription_required: {
    ru: 'Нет свободного места в подписке: {kind}. Оформите подписку, чтобы продолжить',
    en: 'No free place in a subscription: {kind}. Get a subscription to continue',
  },
  subscription_renewed_already: {
    ru: 'Эта подписка уже продлена',
    en: 'This subscription has already been renewed',
  },
  subscription_state: {
    ru: 'Для подписки в этом состоянии действие недоступно',
    en: 'This cannot be done to a subscription in its current state',
  },
  subscription_paid_already: { ru: 'Подписка уже оплачена', en: 'The subscription is already paid' },
  subscription_not_deletable: {
    ru: 'Удалить можно только неоплаченную или истёкшую подписку',
    en: 'Only an unpaid or expired subscription can be deleted',
  },
  subscription_not_found: { ru: 'Подписка не найдена', en: 'Subscription not found' },
  subscription_kind_bots: { ru: 'боты', en: 'bots' },
  payments_not_configured: {
    ru: 'Оплата в валюте {currency} не настроена',
    en: 'Payments in {currency} are not configured',
  },
  payment_failed: {
    ru: 'Платёжная система отказала: {reason}',
    en: 'The payment provider refused: {reason}',
  },
  payment_currency_mismatch: {
    ru: 'Баланс аккаунта ведётся в валюте {currency}',
    en: 'The account balance is kept in {currency}',
  },
  invoices_not_configured: {
    ru: 'Выставление счетов не настроено',
    en: 'Invoicing is not configured',
  },
  invoices_limit: {
    ru: 'Уже выставлено {max} неоплаченных счетов за {days} дней. Оплатите один из них, чтобы выставить новый',
    en: 'There are already {max} unpaid invoices from the last {days} days. Pay one of them to issue a new one',
  },
  mail_instance_removal_subject: {
    ru: 'Завтра будет удалён номер {name} в {type}',
    en: 'The {type} number {name} will be deleted tomorrow',
  },
  mail_instance_removal_text: {
    ru: 'Здравствуйте, {owner}!\n\nПодключение {type} «{name}» не покрыто оплаченной подпиской. Завтра, {date}, мы удалим этот экземпляр мессенджера в {type}; бот перестанет отвечать в нём. Остальные боты, чаты и интеграции аккаунта не изменятся.\nЧтобы сохранить подключение, оплатите подписку на {type} в разделе «Баланс» до этого времени.\n',
    en: 'Hello {owner},\n\nThe {type} connection "{name}" is not covered by a paid subscription. Tomorrow, {date}, we will delete this messenger instance in {type}, and the bot will stop answering there. The account\'s other bots, chats and integrations stay as they are.\nTo keep the connection, pay for a {type} subscription on the Balance page before then.\n',
  },
  mail_event_webhook_disabled_subject: {
    ru: 'Вебхук событий {url} отключён',
    en: 'The event webhook {url} has been switched off',
  },
  mail_event_webhook_disabled_text: {
    ru: 'Здравствуйте, {owner}!\n\nМы не смогли доставить события на адрес {url} в течение суток и отключили этот вебхук. Новые события на него больше не отправляются.\nПроверьте, что адрес принимает запросы и отвечает кодом 2xx, и включите вебхук снова на странице профиля. Недоставленные события можно отправить повторно из списка доставок.\n',
    en: 'Hello {owner},\n\nWe could not deliver events to {url} for a day, so this webhook has been switched off. No new events are sent to it.\nCheck that the address accepts requests and answers with a 2xx status, then switch the webhook on again on the profile page. Undelivered events can be resent from its list of deliveries.\n',
  },
  mail_renewal_failed_subject: {
    ru: 'Не удалось продлить подписку',
    en: 'Your subscription could not be renewed',
  },
  mail_renewal_failed_text: {
    ru: 'Здравствуйте, {name}!\n\nПодписку, которая заканчивается {date}, не удалось продлить автоматически: {reason}.\nСтоимость продления — {amount}. Пополните баланс и оплатите продление в разделе «Баланс», иначе боты и интеграции из этой подписки перестанут работать.\n',
    en: 'Hello {name},\n\nThe subscription that ends on {date} could not be renewed automatically: {reason}.\nThe renewal costs {amount}. Top up the balance and pay the renewal on the Balance page, or the bots and integrations it covers will stop.\n',
  },
  renewal_reason_no_funds: {
    ru: 'на балансе недостаточно средств и нет сохранённой карты',
    en: 'the balance is short and there is no saved card',
  },
  renewal_reason_card: { ru: 'карта отклонена ({reason})', en: 'the card was declined ({reason})' },
  chat_summary_failed: {
    ru: 'Не удалось составить сводку диалога, повторите попытку',
    en: 'Could not summarise the dialogue, please try again',
  },
  bot_has_problems: {
    ru: 'Бота нельзя включить: исправьте проблемы в настройках',
    en: 'The bot cannot be switched on: fix the problems in its settings first',
  },
  template_not_found: { ru: 'Шаблон не найден', en: 'Template not found' },
  template_integrations_missing: {
    ru: 'Для этого шаблона подключите интеграции: {types}',
    en: 'Connect these integrations to use this template: {types}',
  },
  integration_not_connected: {
    ru: 'Интеграция не подключена: подключите её в разделе «Интеграции»',
    en: 'The integration is not connected: connect it in Integrations',
  },
  integration_not_configured: {
    ru: '{name} не настроен на этом сервере',
    en: '{name} is not configured on this server',
  },
  crm_staff_forbidden: {
    ru: 'У подключившего пользователя нет прав администратора {name}: список сотрудников недоступен',
    en: 'The user who connected {name} is not its administrator: the staff list is not available',
  },
  crm_failed: {
    ru: '{name} ответил ошибкой: {detail}',
    en: '{name} answered with an error: {detail}',
  },
  integration_not_available: {
    ru: 'Подключение не удалось, повторите попытку',
    en: 'Connection failed, please try again',
  },
  integration_not_found: { ru: 'Интеграция не найдена', en: 'Integration not found' },
  shopscript_address_required: {
    ru: 'Сначала сохраните адрес магазина',
    en: 'Save the shop address first',
  },
  integration_install_invalid: {
    ru: 'Ссылка подключения не подходит: она устарела, уже использована или начата в другом аккаунте. Начните подключение заново',
    en: 'This connection link cannot be used: it expired, was used already or was started in another account. Start connecting again',
  },
  amo_install_refused: {
    ru: 'Это не возврат со страницы согласия amoCRM или Kommo: нет кода или адреса аккаунта',
    en: 'This is not a return from the amoCRM or Kommo consent page: the code or the account address is missing',
  },
  integration_in_use: {
    ru: 'Интеграция используется в ботах: {bots}. После удаления она будет отключена от них и их действий',
    en: 'The integration is used by bots: {bots}. Deleting it detaches it from them and their actions',
  },
  widget_unavailable: { ru: 'Чат недоступен', en: 'The chat is not available' },
  widget_visitor_invalid: {
    ru: 'Сессия чата устарела. Обновите страницу',
    en: 'The chat session has expired. Reload the page',
  },
  origin_not_allowed: {
    ru: 'Чат не работает на этом сайте: добавьте домен сайта в разрешённые в настройках онлайн-чата',
    en: 'The chat does not work on this site: add the site domain to the allowed domains in the online chat settings',
  },
  mail_verify_subject: { ru: 'Код подтверждения Email', en: 'Email confirmation code' },
  mail_verify_text: {
    ru: 'Здравствуйте, {name}!\n\nВаш код подтверждения: {code}\nКод действует {minutes} минут.\n\nЕсли вы не регистрировались, просто проигнорируйте это письмо.',
    en: 'Hello, {name}!\n\nYour confirmation code: {code}\nThe code is valid for {minutes} minutes.\n\nIf you did not sign up, just ignore this email.',
  },
  mail_reset_subject: { ru: 'Код для сброса пароля', en: 'Password reset code' },
  mail_reset_text: {
    ru: 'Здравствуйте, {name}!\n\nКод для сброса пароля: {code}\nКод действует {minutes} минут.\n\nЕсли вы не запрашивали сброс, проигнорируйте это письмо.',
    en: 'Hello, {name}!\n\nYour password reset code: {code}\nThe code is valid for {minutes} minutes.\n\nIf you did not ask for a reset, ignore this email.',
  },
  mail_client_invite_subject: {
    ru: '{partner} создал для вас аккаунт',
    en: '{partner} created an account for you',
  },
  mail_client_invite_text: {
    ru: 'Здравствуйте, {name}!\n\n{partner} создал для вас аккаунт в конструкторе ботов. Чтобы войти самостоятельно, задайте пароль: откройте {url}/forgot_password, укажите этот Email и введите код {code}.\nКод действует {minutes} минут; новый можно запросить там же.',
    en: 'Hello, {name}!\n\n{partner} created an account for you in the bot builder. To sign in on your own, set a password: open {url}/forgot_password, enter this email and the code {code}.\nThe code is valid for {minutes} minutes; you can ask for a new one there.',
  },
  mail_attach_subject: {
    ru: '{partner} просит доступ к вашему аккаунту',
    en: '{partner} asks for access to your account',
  },
  mail_attach_text: {
    ru: 'Здравствуйте, {name}!\n\nПартнёр {partner} ({partner_email}) хочет вести ваш аккаунт в конструкторе ботов: входить в него, настраивать ботов и оплачивать подписки. Если вы согласны, сообщите партнёру код {code}. Код действует {minutes} минут.\nЕсли не согласны, ничего не делайте: без кода доступа не будет.',
    en: 'Hello, {name}!\n\nThe partner {partner} ({partner_email}) wants to run your account in the bot builder: sign in to it, set up bots and pay for subscriptions. If you agree, give the partner the code {code}. The code is valid for {minutes} minutes.\nIf you do not agree, do nothing: without the code there is no access.',
  },
  attach_code_sent: {
    ru: 'Если такой аккаунт есть и может стать клиентом, его владельцу отправлен код',
    en: 'If such an account exists and can become a client, its owner has been sent a code',
  },
  client_has_partner: {
    ru: 'Этот аккаунт не может стать вашим клиентом',
    en: 'This account cannot become your client',
  },
  partner_only: {
    ru: 'Это доступно только партнёрам: выберите роль партнёра в настройках',
    en: 'This is for partners only: choose the partner role in the settings',
  },
  payment_top_up: { ru: 'Пополнение баланса', en: 'Balance top-up' },
  payment_partner_top_up: { ru: 'Пополнение партнёрского баланса', en: 'Partner balance top-up' },
  partner_payment_failed: { ru: 'Произошла ошибка при оплате', en: 'The payment failed' },
  request_id_reused: {
    ru: 'Этот request_id уже использован для другой оплаты: для новой оплаты нужен новый request_id',
    en: 'This request_id was already used for another payment: a new payment needs a new request_id',
  },
  partner_currency_mismatch: {
    ru: 'Клиент платит в {client}, а партнёрский баланс в {partner}: оплатить можно только клиента в той же валюте',
    en: 'The client pays in {client} and the partner balance is in {partner}: only a client in the same currency can be paid for',
  },
  referral_link_not_found: { ru: 'Ссылка не найдена', en: 'Link not found' },
  referral_links_limit: {
    ru: 'Можно создать не больше {max} ссылок',
    en: 'You can create at most {max} links',
  },
} as const;
