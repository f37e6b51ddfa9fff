/** The partner cabinet: clients, creating a client, the switch into a client's account and back. */
export const partner = {
  'partner.intro.title': 'Станьте партнёром',
  'partner.intro.text':
    'Партнёры — агентства и интеграторы — создают аккаунты для своих клиентов, настраивают в них ботов и интеграции, входят в аккаунт клиента в один клик и возвращаются обратно.',
  'partner.intro.how':
    'Кабинет партнёра открывается, когда в вопросах при первом входе выбрана роль «Партнёр — настраиваю ботов для своих клиентов». Если вы выбрали другую роль, напишите в поддержку — мы сменим её.',

  'partner.clients.title': 'Клиенты',
  'partner.clients.search': 'Поиск по имени или e-mail',
  'partner.clients.search_submit': 'Найти',
  'partner.clients.create': 'Создать клиента',
  'partner.clients.total':
    '{count, plural, one {# клиент} few {# клиента} many {# клиентов} other {# клиента}}',
  'partner.clients.empty_title': 'Клиентов пока нет',
  'partner.clients.empty_text':
    'Нажмите «Создать клиента»: укажите имя, e-mail и валюту. Клиенту придёт письмо, чтобы задать пароль, а вы сможете войти в его аккаунт и настроить ботов.',
  'partner.clients.not_found_title': 'Никого не нашли',
  'partner.clients.not_found_text': 'Измените запрос или очистите поиск.',
  'partner.clients.enter': 'Войти в аккаунт',
  'partner.clients.no_activity': 'Не было',
  'partner.column.name': 'Имя',
  'partner.column.email': 'E-mail',
  'partner.column.currency': 'Валюта',
  'partner.column.balance': 'Баланс',
  'partner.column.bots_on': 'Ботов включено',
  'partner.column.last_activity': 'Последняя активность',
  'partner.page.first': 'Первая страница',
  'partner.page.previous': 'Предыдущая страница',
  'partner.page.next': 'Следующая страница',
  'partner.page.last': 'Последняя страница',

  'partner.create.title': 'Новый клиент',
  'partner.create.hint': 'Клиенту придёт письмо с кодом, чтобы задать пароль и входить самостоятельно.',
  'partner.create.submit': 'Создать',
  'partner.create.done': 'Клиент «{name}» создан',

  'partner.inside.nav': 'Аккаунт клиента: {name}',
  'partner.inside.banner':
    'Вы работаете в аккаунте клиента «{name}». Всё, что вы меняете, меняется у клиента.',
};
