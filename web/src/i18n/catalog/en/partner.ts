import type { partner as ru } from '../ru/partner';

/** The partner cabinet: clients, creating a client, the switch into a client's account and back. */
export const partner: Record<keyof typeof ru, string> = {
  'partner.intro.title': 'Become a partner',
  'partner.intro.text':
    'Partners — agencies and integrators — create accounts for their clients, set up bots and integrations there, enter a client’s account in one click and come back.',
  'partner.intro.how':
    'The partner cabinet opens once the role “Partner — I set up bots for my clients” is chosen in the first-visit questions. If you chose another role, write to support and we will change it.',

  'partner.clients.title': 'Clients',
  'partner.clients.search': 'Search by name or e-mail',
  'partner.clients.search_submit': 'Search',
  'partner.clients.create': 'Create client',
  'partner.clients.total': '{count, plural, one {# client} other {# clients}}',
  'partner.clients.empty_title': 'No clients yet',
  'partner.clients.empty_text':
    'Press “Create client” and give a name, an e-mail and a currency. The client gets an e-mail to set a password, and you can enter the account and set up bots.',
  'partner.clients.not_found_title': 'Nobody found',
  'partner.clients.not_found_text': 'Change the query or clear the search.',
  'partner.clients.enter': 'Enter account',
  'partner.clients.no_activity': 'None',
  'partner.column.name': 'Name',
  'partner.column.email': 'E-mail',
  'partner.column.currency': 'Currency',
  'partner.column.balance': 'Balance',
  'partner.column.bots_on': 'Bots on',
  'partner.column.last_activity': 'Last activity',
  'partner.page.first': 'First page',
  'partner.page.previous': 'Previous page',
  'partner.page.next': 'Next page',
  'partner.page.last': 'Last page',

  'partner.create.title': 'New client',
  'partner.create.hint': 'The client gets an e-mail with a code to set a password and sign in on their own.',
  'partner.create.submit': 'Create',
  'partner.create.done': 'Client “{name}” created',

  'partner.inside.nav': 'Client account: {name}',
  'partner.inside.banner':
    'You are working in the client account “{name}”. Whatever you change, changes for the client.',
};
