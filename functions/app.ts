import { type Context, Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { apiDocsHandlers, apiDocsHeaders } from './api-docs/page';
import { addressSubject } from './http/address-subject';
import { bodyLimit } from './http/body-limit';
import type { AppEnv } from './http/env';
import { onError } from './http/on-error';
import { languageFromHeader } from './i18n/translate';
import type { AppSettings, Ports } from './ports';
import { appConfigRoutes } from './routes/app-config';
import { assistantRoutes } from './routes/assistant';
import { authRoutes } from './routes/auth';
import { balanceRoutes } from './routes/balance';
import { botRoutes } from './routes/bot';
import { chatsRoutes } from './routes/chats';
import { checkRoutes } from './routes/check';
import { eventWebhooksRoutes } from './routes/event-webhooks';
import { healthRoutes } from './routes/health';
import { helpersRoutes } from './routes/helpers';
import { historyRoutes } from './routes/history';
import { integrationsRoutes } from './routes/integrations';
import { privateIntegrationsRoutes } from './routes/integrations/crm-lists';
import { keysRoutes } from './routes/keys';
import { mediaRoutes } from './routes/media';
import { partnerRoutes } from './routes/partner';
import { paymentRoutes } from './routes/payment';
import { profileRoutes } from './routes/profile';
import { recurrentPaymentsRoutes } from './routes/recurrent-payments';
import { openApiHandlers, type ReferenceDocument } from './routes/reference';
import { storagesRoutes, UPLOAD_PATH } from './routes/storages';
import { subscriptionRoutes } from './routes/subscription';
import { transactionsRoutes } from './routes/transactions';
import { BITRIX_INSTALL_PATH, webhooksRoutes } from './routes/webhooks';
import { widgetRoutes } from './routes/widget';
import { API_DOCS_PATH } from './shared/api-docs';
import { AppError } from './shared/app-error';
import { MAX_FILE_BYTES } from './shared/knowledge';

export interface AppOptions {
  /**
   * How the entry learns the caller's address (rate limits); the shapes differ. Without it, or
   * when it gives nothing, every caller counts as "unknown": request headers are never trusted here.
   */
  clientIp?: (c: Context) => string | undefined;
  /** API routes only one shape serves (the Worker's signed QStash callbacks), mounted under /api. */
  extraRoutes?: Hono<AppEnv>;
  /**
   * Generates the API reference from the app's routes (functions/openapi/document.ts). The Node
   * shape passes it; the Worker does not bundle the generator and sends the document built with its
   * assets instead.
   */
  referenceDocument?: ReferenceDocument;
}

/** Largest JSON body the API reads; bigger requests answer 413 before any work. */
export const MAX_BODY_BYTES = 64 * 1024;

export function createApp(ports: Ports, settings: AppSettings, options: AppOptions = {}) {
  const api = new Hono<AppEnv>()
    .route('/health', healthRoutes)
    .route('/app-config', appConfigRoutes)
    .route('/', authRoutes)
    .route('/', profileRoutes)
    .route('/keys', keysRoutes)
    .route('/event-webhooks', eventWebhooksRoutes)
    .route('/partner', partnerRoutes)
    .route('/', botRoutes)
    .route('/helpers', helpersRoutes)
    .route('/chats', chatsRoutes)
    .route('/check', checkRoutes)
    .route('/history', historyRoutes)
    .route('/balance', balanceRoutes)
    .route('/subscription', subscriptionRoutes)
    .route('/payment', paymentRoutes)
    .route('/transactions', transactionsRoutes)
    .route('/storages', storagesRoutes)
    .route('/media', mediaRoutes)
    .route('/assistant', assistantRoutes)
    .route('/recurrent_payments', recurrentPaymentsRoutes)
    .route('/integrations', integrationsRoutes)
    .route('/private/integrations', privateIntegrationsRoutes)
    .route('/widget', widgetRoutes)
    .route('/webhooks', webhooksRoutes);

  const app = new Hono<AppEnv>();
  api.get('/openapi.json', ...openApiHandlers(() => app, options.referenceDocument));
  const headers = secureHeaders();
  // Bitrix24 shows the install page in its frame.
  const frameable = secureHeaders({
    xFrameOptions: false,
    contentSecurityPolicy: { frameAncestors: ["'self'", 'https:'] },
  });
  // The API reference page loads Scalar from our own assets under its own policy.
  const pickHeaders = (path: string) =>
    path === BITRIX_INSTALL_PATH ? frameable : path === API_DOCS_PATH ? apiDocsHeaders : headers;
  app.use('/api/*', (c, next) => pickHeaders(c.req.path)(c, next));
  app.use('/api/*', async (c, next) => {
    c.set('ports', ports);
    c.set('settings', settings);
    c.set('lang', languageFromHeader(c.req.header('accept-language')));
    // Only the entry knows which headers a trusted proxy set; here none are believed.
    c.set('clientIp', addressSubject(options.clientIp?.(c)));
    await next();
  });
  const tooLarge = () => {
    throw new AppError('payload_too_large');
  };
  const jsonLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  // An upload's form carries the file plus its name and description.
  const uploadLimit = bodyLimit({ maxSize: MAX_FILE_BYTES + MAX_BODY_BYTES, onError: tooLarge });
  app.use('/api/*', (c, next) =>
    (c.req.method === 'POST' && UPLOAD_PATH.test(c.req.path) ? uploadLimit : jsonLimit)(c, next),
  );
  app.get(API_DOCS_PATH, ...apiDocsHandlers);
  app.route('/api', api);
  if (options.extraRoutes) app.route('/api', options.extraRoutes);
  app.all('/api/*', () => {
    throw new AppError('not_found');
  });
  app.onError(onError);
  return app;
}

export type AppType = ReturnType<typeof createApp>;
