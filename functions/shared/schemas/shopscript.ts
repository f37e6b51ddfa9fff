import * as v from 'valibot';
import { shopScriptAddress } from '../shopscript';
import { msg } from './fields';

/** The settings of a Shop-Script integration the owner saves: the shop's address, kept normalised. */
export const shopScriptSettingsSchema = v.looseObject({
  shop_url: v.optional(
    v.pipe(
      v.string(msg('invalid_value')),
      v.trim(),
      v.maxLength(500, msg('too_long')),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        if (dataset.value === '') return '';
        const address = shopScriptAddress(dataset.value);
        if (address) return address;
        addIssue({ message: msg('invalid_value') });
        return NEVER;
      }),
    ),
  ),
});
