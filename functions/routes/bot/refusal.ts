import type { Context } from 'hono';
import type { AppEnv } from '../../http/env';
import { translate } from '../../i18n/translate';
import type { Refusal } from '../../services/bots/refusal';

/** A refusal with data: the API's error shape `{message, code}` plus what the client needs to act. */
export const refusalResponse = (c: Context<AppEnv>, refusal: Refusal) =>
  c.json(
    {
      message: translate(refusal.messageKey, c.var.lang, refusal.params),
      code: refusal.code,
      ...refusal.details,
    },
    422,
  );
