import { alfacrm } from './catalog/en/alfacrm';
import { apiChannel } from './catalog/en/api-channel';
import { assistant } from './catalog/en/assistant';
import { auth } from './catalog/en/auth';
import { avito } from './catalog/en/avito';
import { balance } from './catalog/en/balance';
import { bitrix } from './catalog/en/bitrix';
import { booking } from './catalog/en/booking';
import { bot } from './catalog/en/bot';
import { bots } from './catalog/en/bots';
import { calendly } from './catalog/en/calendly';
import { chats } from './catalog/en/chats';
import { check } from './catalog/en/check';
import { common } from './catalog/en/common';
import { crm } from './catalog/en/crm';
import { eventWebhooks } from './catalog/en/event-webhooks';
import { history } from './catalog/en/history';
import { integrations } from './catalog/en/integrations';
import { partner } from './catalog/en/partner';
import { profile } from './catalog/en/profile';
import { retailcrm } from './catalog/en/retailcrm';
import { shell } from './catalog/en/shell';
import { shopscript } from './catalog/en/shopscript';
import { storages } from './catalog/en/storages';
import { tbank } from './catalog/en/tbank';
import { walk } from './catalog/en/walk';
import { wappi } from './catalog/en/wappi';
import { wazzup } from './catalog/en/wazzup';
import { whatsapp } from './catalog/en/whatsapp';
import type { ru } from './catalog-ru';
import { sharedCatalog } from './shared';

/** English, the second language; the type makes it carry every Russian message id. */
export const en: Record<keyof typeof ru, string> = {
  ...sharedCatalog('en'),
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
};
