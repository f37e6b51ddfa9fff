/** Shop-Script (Webasyst): the shop's settings and the "find products" action. */
export const shopscript = {
  'shopscript.intro':
    'The bot searches the shop’s catalogue during the dialogue and quotes prices, stock and product links. Save the shop address and press "Connect Shop-Script": your shop opens — sign in to the Webasyst backend and allow access.',
  'shopscript.address': 'Shop address',
  'shopscript.address_hint': 'The address of the site where Webasyst is installed, e.g. shop.example.com',
  'shopscript.address_required': 'Enter the shop address',
  'shopscript.address_invalid': 'Enter a site address, e.g. shop.example.com',
  'shopscript.saved': 'Address saved. Now press "Connect Shop-Script".',
  'shopscript.saved_reconnect': 'Address changed: connect the shop again.',
  'shopscript.connected_to': 'Connected to {host}: {count, plural, one {# product} other {# products}}',
  'shopscript.connected_to_host': 'Connected to {host}',
  'shopscript.error.state':
    'The return from the shop expired, was used already or was opened in another browser than the one connecting started in. Press "Connect Shop-Script" again.',
  'shopscript.error.denied': 'Access was not allowed in the shop. Press the button again and allow access.',
  'shopscript.error.failed':
    'The shop gave no access: the code expired or the shop cannot be reached. Check the address and try again.',
  'shopscript.error.subscription':
    'Access was given, but the subscription has no free place for the integration. Renew or extend the subscription and connect again.',
  'bot.action.type.find_products': 'Find products',
  'bot.action.find_products.max': 'Products to show',
  'bot.action.find_products.max_hint':
    'The bot gets at most this many products from the shop per search: names, prices, stock and links.',
} as const;
