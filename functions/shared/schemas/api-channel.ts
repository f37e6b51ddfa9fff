import * as v from 'valibot';
import { checkOutboundUrl } from '../../outbound/url-guard';
import { API_CHANNEL_LIMITS } from '../api-channel';
import { msg } from './fields';

/**
 * The API channel's settings the owner saves: the callback URL the bot's replies go to, an http(s)
 * address without credentials in it; empty until the owner has one. Whether it may be called (https,
 * a public address) depends on the installation, so connecting and every send check that with the
 * guarded fetch's rules.
 */
export const apiChannelSettingsSchema = v.looseObject({
  callback_url: v.optional(
    v.pipe(
      v.string(msg('invalid_value')),
      v.trim(),
      v.maxLength(API_CHANNEL_LIMITS.url, msg('too_long')),
      v.check(
        (url) => url === '' || checkOutboundUrl(url, { allowPrivate: true }).ok,
        msg('callback_url_invalid'),
      ),
    ),
  ),
});
