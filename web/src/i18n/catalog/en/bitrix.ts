/** The Bitrix24 integration: confirming an install and its settings page. */
export const bitrix = {
  'bitrix.confirm.text':
    'The onchat application is installed in this portal. Confirm, and the bot will answer customers in open lines and work with deals.',
  'bitrix.confirm.failed_hint': 'Open the onchat application in Bitrix24 again and repeat the connection.',
  'bitrix.intro':
    'To connect a portal, install the onchat application in Bitrix24 (Market → Applications) and open it: Bitrix24 brings you back here to confirm.',
  'bitrix.not_configured':
    'Bitrix24 is not configured on this server: the administrator needs to set BITRIX_CLIENT_ID and BITRIX_CLIENT_SECRET.',
  'bitrix.portal': 'Portal',
  'bitrix.bot': 'Open lines chat bot',
  'bitrix.bot_text':
    'The bot is registered in the portal. Add it in the open line settings (Contact center → open line → Chat bots) so it answers customers.',
};
