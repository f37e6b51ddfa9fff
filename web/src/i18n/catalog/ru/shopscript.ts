/** Shop-Script (Webasyst): the shop's settings and the "find products" action. */
export const shopscript = {
  'shopscript.intro':
    'Бот ищет товары в каталоге магазина прямо во время диалога и называет цены, наличие и ссылки на товары. Сохраните адрес магазина и нажмите «Подключить Shop-Script»: откроется ваш магазин — войдите в бэкенд Webasyst и разрешите доступ.',
  'shopscript.address': 'Адрес магазина',
  'shopscript.address_hint': 'Адрес сайта, где установлен Webasyst, например shop.example.ru',
  'shopscript.address_required': 'Укажите адрес магазина',
  'shopscript.address_invalid': 'Укажите адрес сайта, например shop.example.ru',
  'shopscript.saved': 'Адрес сохранён. Теперь нажмите «Подключить Shop-Script».',
  'shopscript.saved_reconnect': 'Адрес изменён: подключите магазин заново.',
  'shopscript.connected_to':
    'Подключён магазин {host}: {count, plural, one {# товар} few {# товара} many {# товаров} other {# товара}}',
  'shopscript.connected_to_host': 'Подключён магазин {host}',
  'shopscript.error.state':
    'Возврат из магазина устарел, уже использован или открыт не в том браузере, где начато подключение. Нажмите «Подключить Shop-Script» ещё раз.',
  'shopscript.error.denied': 'Доступ в магазине не разрешён. Нажмите кнопку ещё раз и разрешите доступ.',
  'shopscript.error.failed':
    'Магазин не выдал доступ: код устарел или магазин недоступен. Проверьте адрес и повторите попытку.',
  'shopscript.error.subscription':
    'Доступ получен, но в подписке нет свободного места для интеграции. Продлите или расширьте подписку и подключите снова.',
  'bot.action.type.find_products': 'Найти товары',
  'bot.action.find_products.max': 'Сколько товаров показывать',
  'bot.action.find_products.max_hint':
    'Бот получает из магазина не больше стольких товаров на запрос: названия, цены, наличие и ссылки.',
} as const;
