import type { Context } from 'hono';
import { translate } from '../i18n/translate';
import type { Refusal } from '../services/refusal';
import type { AppEnv } from './env';

/** A refusal with data (any route may answer one): the API's error shape `{message, code}` plus what the client needs to act. */
export const refusalResponse = (c: Context<AppEnv>, refusal: Refusal) =>
  c.json(
    {
      message: translate(refusal.messageKey, c.var.lang, refusal.params),
      code: refusal.code,
      ...refusal.details,
    },
    refusal.status ?? 422,
  );
