import * as v from 'valibot';
import { CURRENCIES } from '../constants';
import { email, msg, requiredText } from './fields';

/** A client account a partner creates (SPEC §6: name, e-mail, currency; §5 messages). */
export const createClientSchema = v.object({
  name: requiredText('name_required', 100),
  email,
  currency: v.optional(v.picklist(CURRENCIES, msg('invalid_value')), 'rub'),
});

export type CreateClientInput = v.InferOutput<typeof createClientSchema>;
