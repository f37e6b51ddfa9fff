/** Connecting Calendly on its consent page (OAuth), beside the personal access token. */
export const calendly = {
  'calendly.oauth.connect': 'Подключить через Calendly',
  'calendly.oauth.hint':
    'Войдите в Calendly и разрешите доступ — токен создавать не нужно. Или вставьте персональный токен ниже.',
  'calendly.oauth.or_token': 'Или подключите персональным токеном:',
  'calendly.auth': 'Способ подключения',
  'calendly.auth.oauth': 'Вход через Calendly',
  'calendly.auth.token': 'Персональный токен',
  'calendly.oauth.failed': 'Calendly не подключён',
  'calendly.oauth.error.state':
    'Возврат из Calendly устарел, уже использован или открыт не в том браузере, где начато подключение. Нажмите «Подключить через Calendly» ещё раз.',
  'calendly.oauth.error.denied':
    'Доступ в Calendly не разрешён. Чтобы подключить, нажмите кнопку ещё раз и разрешите доступ.',
  'calendly.oauth.error.failed': 'Calendly не подтвердил подключение. Повторите попытку через минуту.',
  'calendly.oauth.error.subscription':
    'Доступ получен, но в подписке нет свободного места для интеграции. Продлите или расширьте подписку и нажмите «Подключить».',
} as const;
