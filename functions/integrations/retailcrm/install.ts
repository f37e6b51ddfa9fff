import { openTicket, sealTicket, ticketText } from '../../secrets/sealed-ticket';
import { retailSystemUrl } from '../../shared/retailcrm';

/**
 * RetailCRM's marketplace registering an account (reference/crm.md §3.1) hands us its address, API
 * key and token while nobody is signed in. They wait for the product's user sealed in a ticket only
 * this server opens, which expires: the marketplace shows the link with it as the module's account
 * link, so nothing in the clear reaches the marketplace, a browser's history, logs or a Referer.
 */

export interface RetailInstall {
  systemUrl: string;
  apiKey: string;
  token: string;
}

/** How long a registration waits for its user to confirm (as a Bitrix24 install does). */
export const RETAIL_INSTALL_TTL_MS = 24 * 3600_000;
const LABEL = 'retailcrm.install';

export const sealRetailInstall = (keyText: string, install: RetailInstall, now: Date) =>
  sealTicket(keyText, LABEL, install, RETAIL_INSTALL_TTL_MS, now);

/** The registration a ticket holds; null when it is not one of ours, was altered, or expired. */
export async function openRetailInstall(
  keyText: string,
  ticket: string,
  now: Date,
): Promise<RetailInstall | null> {
  const data = await openTicket(keyText, LABEL, ticket, now);
  if (!data) return null;
  const install = {
    systemUrl: retailSystemUrl(ticketText(data, 'systemUrl')) ?? '',
    apiKey: ticketText(data, 'apiKey'),
    token: ticketText(data, 'token'),
  };
  return install.systemUrl && install.apiKey && install.token ? install : null;
}
