import type { FakeRetail } from '../../fakes/retailcrm';
import type { LocalServer } from '../../support/local-server';

const RETAIL_SYSTEM_URL = 'https://shop.retailcrm.ru';

/**
 * RetailCRM's marketplace registers the account with the server ("simple connection"); its answer
 * is the link the owner opens to confirm: `/integrations/retailcrm?account&install=<ticket>`.
 */
export async function marketplaceLink(
  server: LocalServer,
  crm: FakeRetail,
  token = crm.tokenFor(),
): Promise<URL> {
  const response = await fetch(`${server.url}/api/webhooks/retailcrm/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      'register[apiKey]': crm.apiKey,
      'register[systemUrl]': RETAIL_SYSTEM_URL,
      'register[token]': token,
    }).toString(),
  });
  const body = (await response.json()) as { accountUrl?: string };
  if (!body.accountUrl) throw new Error(`not registered: ${JSON.stringify(body)}`);
  return new URL(body.accountUrl);
}
