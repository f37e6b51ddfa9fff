import * as v from 'valibot';
import { CURRENCIES } from '../constants';
import { code, email, msg, requiredText } from './fields';

/** A client account a partner creates (SPEC §6: name, e-mail, currency; §5 messages). */
export const createClientSchema = v.object({
  name: requiredText('name_required', 100),
  email,
  currency: v.optional(v.picklist(CURRENCIES, msg('invalid_value')), 'rub'),
});

export type CreateClientInput = v.InferOutput<typeof createClientSchema>;

/** Asking the owner of an existing account for consent (a code mailed to them), and the code given back. */
export const attachClientSchema = v.object({ email });
export const confirmAttachSchema = v.object({ email, code });
