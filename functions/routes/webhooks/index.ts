import { Hono } from 'hono';
import { consentBrowserNonce } from '../../http/consent-cookie';
import { serviceContext } from '../../http/context';
import type { AppEnv } from '../../http/env';
import { factory } from '../../http/factory';
import { describe, undocumented } from '../../openapi/describe';
import { apiChannelInboundJsonSchema } from '../../openapi/schemas/integrations';
import { receiveAmoInstall } from '../../services/integrations/amo-consent';
import { receiveBitrixInstall } from '../../services/integrations/bitrix-install';
import { finishCalendlyConsent } from '../../services/integrations/calendly-consent';
import { receiveRetailRegister, retailConfig } from '../../services/integrations/retailcrm-register';
import { receiveAmoDisconnect } from '../../services/integrations/revoked-grant';
import { receiveSalonMarketplaceEvent } from '../../services/integrations/salon-marketplace';
import { finishShopScriptConsent } from '../../services/integrations/shopscript-consent';
import { receiveWebhook } from '../../services/webhooks/receive-webhook';
import { answerWebhookHandshake } from '../../services/webhooks/webhook-handshake';
import { readWebhookBody, readWebhookRequestBody } from './webhook-body';

/**
 * POST /api/webhooks/{type}/{integrationId}: inbound webhooks of external systems, no session; each
 * proves itself the way its module checks (the secret registered on connecting). Telegram's
 * addresses registered before the pipeline have this shape already. 200 with an empty JSON object
 * once the delivery is taken: Telegram reads a body with a `method` as a call to make, so it has none.
 */
const receive = factory.createHandlers(
  describe({
    tag: 'Integrations',
    summary: 'Post a message to an API channel',
    description:
      "For `type` `api_channel`: your system posts one customer's or operator's message, signed with the header `X-Signature: sha256=<hex>` (HMAC-SHA256 of the body's exact bytes under the integration's signing secret); no session. The bot's replies go to your callback URL. The same address takes the other providers' webhooks (Telegram, WhatsApp, …), each checked its own way. A switched-off integration answers 200 and drops the message.",
    requestBody: {
      description: 'One message (the API channel).',
      contentType: 'application/json',
      schema: apiChannelInboundJsonSchema,
    },
    ok: { description: 'Taken (also a repeated `message_id`): an empty JSON object `{}`.' },
    errors: ['bad_request', 'unauthorized', 'not_found'],
  }),
  async (c) => {
    const { raw, body } = await readWebhookRequestBody(c.req.raw);
    const outcome = await receiveWebhook(
      serviceContext(c),
      c.req.param('type') ?? '',
      c.req.param('integrationId') ?? '',
      { header: (name) => c.req.header(name), query: (name) => c.req.query(name), body, raw },
    );
    // A system that reads the answer (T-Bank wants exactly "OK") gets its module's text.
    return outcome.answer === undefined ? c.json({}) : c.text(outcome.answer, 200);
  },
);

/**
 * GET /api/webhooks/{type}/{integrationId}: the address proves itself to a system that checks it
 * before delivering (Meta's `hub.challenge`, echoed as plain text); 403 when the check fails.
 */
const handshake = factory.createHandlers(
  undocumented("The address check a provider makes before delivering (Meta's hub.challenge)."),
  async (c) => {
    const answer = await answerWebhookHandshake(
      serviceContext(c),
      c.req.param('type') ?? '',
      c.req.param('integrationId') ?? '',
      { header: (name) => c.req.header(name), query: (name) => c.req.query(name), body: undefined, raw: '' },
    );
    return answer === null ? c.text('Forbidden', 403) : c.text(answer, 200);
  },
);

/** amoCRM / Kommo tell that the owner turned the integration off (the disconnect hook). */
const amoDisconnect = factory.createHandlers(undocumented("amoCRM / Kommo's disconnect hook."), async (c) =>
  c.json(await receiveAmoDisconnect(serviceContext(c), (name) => c.req.query(name))),
);

/**
 * Bitrix24 installs or opens the application: a page for its frame, sending the administrator on to
 * confirm the connection.
 */
const bitrixInstall = factory.createHandlers(
  undocumented("Bitrix24's install page, shown in its frame."),
  async (c) => {
    const body = await readWebhookBody(c.req.raw);
    const form = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const answer = await receiveBitrixInstall(serviceContext(c), form, (name) => c.req.query(name));
    return c.html(answer.html, answer.status);
  },
);

/**
 * The browser hands over what amoCRM / Kommo's redirect brought to /amo/install: answered sealed,
 * to be finished or confirmed by a signed-in owner.
 */
const amoInstall = factory.createHandlers(
  undocumented("Hands over amoCRM / Kommo's install redirect from our own consent page."),
  async (c) => {
    const body = await readWebhookBody(c.req.raw);
    const form = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    return c.json(await receiveAmoInstall(serviceContext(c), form));
  },
);

/** Calendly's consent page sends the owner back: the grant is finished, the browser sent to its page. */
const calendlyReturn = factory.createHandlers(
  undocumented("Calendly's OAuth return, a browser redirect."),
  async (c) => {
    const where = await finishCalendlyConsent(
      serviceContext(c),
      { code: c.req.query('code'), state: c.req.query('state'), error: c.req.query('error') },
      consentBrowserNonce(c),
    );
    return c.redirect(where, 302);
  },
);

/** A shop's consent page (Shop-Script) sends the owner back: the token is fetched, the browser sent to its page. */
const shopScriptReturn = factory.createHandlers(
  undocumented("Shop-Script's OAuth return, a browser redirect."),
  async (c) => {
    const where = await finishShopScriptConsent(
      serviceContext(c),
      { code: c.req.query('code'), state: c.req.query('state'), error: c.req.query('error') },
      consentBrowserNonce(c),
    );
    return c.redirect(where, 302);
  },
);

/** RetailCRM's marketplace asks what the module needs (configUrl), then registers an account with it. */
const retailConfigRoute = factory.createHandlers(
  undocumented("RetailCRM marketplace's module configuration request."),
  (c) => c.json(retailConfig(serviceContext(c))),
);

const retailRegister = factory.createHandlers(
  undocumented("RetailCRM marketplace's account registration."),
  async (c) => {
    const body = await readWebhookBody(c.req.raw);
    const form = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const answer = await receiveRetailRegister(serviceContext(c), form);
    return c.json(answer.body, answer.status);
  },
);

/** The YCLIENTS / Altegio marketplace's own webhooks (uninstall, freeze): its application's webhook address. */
const salonMarketplace = factory.createHandlers(
  undocumented("The YCLIENTS / Altegio marketplace's own webhooks."),
  async (c) => {
    const body = await readWebhookBody(c.req.raw);
    return c.json(await receiveSalonMarketplaceEvent(serviceContext(c), c.req.param('type') ?? '', body));
  },
);

/** Where Bitrix24 sends the install (the application's address in its settings): app.ts lets it be framed. */
export const BITRIX_INSTALL_PATH = '/api/webhooks/bitrix/install';

export const webhooksRoutes = new Hono<AppEnv>()
  .get('/amo/disconnect', ...amoDisconnect)
  .post('/amo/install', ...amoInstall)
  .post('/bitrix/install', ...bitrixInstall)
  .get('/calendly/oauth', ...calendlyReturn)
  .get('/shopscript/oauth', ...shopScriptReturn)
  .get('/retailcrm/config', ...retailConfigRoute)
  .post('/retailcrm/config', ...retailConfigRoute)
  .post('/retailcrm/register', ...retailRegister)
  .post('/:type{yclients|altegio}/marketplace', ...salonMarketplace)
  .get('/:type/:integrationId', ...handshake)
  .post('/:type/:integrationId', ...receive);
