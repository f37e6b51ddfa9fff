import { alfacrm } from './catalog/ru/alfacrm';
import { apiChannel } from './catalog/ru/api-channel';
import { assistant } from './catalog/ru/assistant';
import { auth } from './catalog/ru/auth';
import { avito } from './catalog/ru/avito';
import { balance } from './catalog/ru/balance';
import { bitrix } from './catalog/ru/bitrix';
import { booking } from './catalog/ru/booking';
import { bot } from './catalog/ru/bot';
import { bots } from './catalog/ru/bots';
import { calendly } from './catalog/ru/calendly';
import { chats } from './catalog/ru/chats';
import { check } from './catalog/ru/check';
import { common } from './catalog/ru/common';
import { crm } from './catalog/ru/crm';
import { eventWebhooks } from './catalog/ru/event-webhooks';
import { history } from './catalog/ru/history';
import { integrations } from './catalog/ru/integrations';
import { partner } from './catalog/ru/partner';
import { profile } from './catalog/ru/profile';
import { retailcrm } from './catalog/ru/retailcrm';
import { shell } from './catalog/ru/shell';
import { shopscript } from './catalog/ru/shopscript';
import { storages } from './catalog/ru/storages';
import { tbank } from './catalog/ru/tbank';
import { walk } from './catalog/ru/walk';
import { wappi } from './catalog/ru/wappi';
import { wazzup } from './catalog/ru/wazzup';
import { whatsapp } from './catalog/ru/whatsapp';
import { sharedCatalog } from './shared';

/**
 * Russian, the default language. Message ids are keys; texts are ICU MessageFormat. Russian plurals
 * use one (1, 21…), few (2–4, 22–24…) and many/other (5–20, 0…).
 */
export const ru = {
  ...sharedCatalog('ru'),
  ...common,
  ...auth,
  ...shell,
  ...integrations,
  ...profile,
  ...eventWebhooks,
  ...bots,
  ...bot,
  ...check,
  ...chats,
  ...history,
  ...balance,
  ...wazzup,
  ...wappi,
  ...apiChannel,
  ...avito,
  ...whatsapp,
  ...alfacrm,
  ...retailcrm,
  ...bitrix,
  ...booking,
  ...calendly,
  ...shopscript,
  ...tbank,
  ...crm,
  ...storages,
  ...assistant,
  ...walk,
  ...partner,
} as const;
