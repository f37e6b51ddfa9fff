/** The RetailCRM integration: confirming a connection from its marketplace and its settings page. */
export const retailcrm = {
  'retailcrm.confirm.text':
    'Модуль onchat подключён в маркетплейсе RetailCRM. Подтвердите, и бот начнёт отвечать клиентам в чатах RetailCRM и работать с заказами.',
  'retailcrm.confirm.failed_hint':
    'Откройте модуль onchat в маркетплейсе RetailCRM (Интеграция → Маркетплейс) и подключите его ещё раз.',
  'retailcrm.intro':
    'Чтобы подключить RetailCRM, найдите модуль onchat в маркетплейсе RetailCRM (Интеграция → Маркетплейс) и нажмите «Подключить»: RetailCRM вернёт вас сюда для подтверждения.',
  'retailcrm.not_configured':
    'RetailCRM не настроен на этом сервере: администратору нужно задать RETAILCRM_MODULE_CODE и RETAILCRM_SECRET.',
  'retailcrm.account': 'Аккаунт RetailCRM',
  'retailcrm.site': 'Магазин для заказов',
  'retailcrm.site_text': 'Заказы, которые заводит бот, попадают в магазин «{site}».',
  'retailcrm.chats': 'Чаты',
  'retailcrm.chats_text':
    'Бот подключён к чатам RetailCRM: отвечает клиентам и замолкает, когда пишет менеджер. Когда бот останавливается, диалог возвращается менеджерам.',
};
