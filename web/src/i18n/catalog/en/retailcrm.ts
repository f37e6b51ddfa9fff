/** The RetailCRM integration: confirming a connection from its marketplace and its settings page. */
export const retailcrm = {
  'retailcrm.confirm.text':
    'The onchat module is connected in the RetailCRM marketplace. Confirm, and the bot will answer customers in RetailCRM chats and work with orders.',
  'retailcrm.confirm.failed_hint':
    'Open the onchat module in the RetailCRM marketplace (Integration → Marketplace) and connect it again.',
  'retailcrm.intro':
    'To connect RetailCRM, find the onchat module in the RetailCRM marketplace (Integration → Marketplace) and press "Connect": RetailCRM brings you back here to confirm.',
  'retailcrm.not_configured':
    'RetailCRM is not configured on this server: the administrator needs to set RETAILCRM_MODULE_CODE and RETAILCRM_SECRET.',
  'retailcrm.account': 'RetailCRM account',
  'retailcrm.site': 'Store for orders',
  'retailcrm.site_text': 'Orders the bot makes go to the store "{site}".',
  'retailcrm.chats': 'Chats',
  'retailcrm.chats_text':
    'The bot is connected to RetailCRM chats: it answers customers and goes quiet when a manager writes. When the bot stops, the dialogue returns to the managers.',
};
