import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { jobUrl } from '../../../functions/ports/jobs-qstash';
import { signQStashDelivery } from '../../fakes/qstash-signature';

export interface Delivery {
  name: string;
  body?: string;
  /** The Upstash-Signature header; omitted when undefined. */
  signature?: string;
  /** POST here instead of the job's own URL. */
  url?: string;
}

/** POSTs a job to the Worker the way QStash delivers it. */
export function deliver(delivery: Delivery): Promise<Response> {
  const headers = new Headers({ 'content-type': 'application/json' });
  if (delivery.signature !== undefined) headers.set('upstash-signature', delivery.signature);
  return SELF.fetch(delivery.url ?? jobUrl(env.PUBLIC_URL, delivery.name), {
    method: 'POST',
    headers,
    body: delivery.body ?? '',
  });
}

/** A signature for `name` and `body` by `signingKey` (the current key unless told), as QStash makes it. */
export function sign(
  name: string,
  body: string,
  options: { signingKey?: string; issuedAt?: number } = {},
): Promise<string> {
  return signQStashDelivery({
    signingKey: options.signingKey ?? env.QSTASH_CURRENT_SIGNING_KEY,
    url: jobUrl(env.PUBLIC_URL, name),
    body,
    issuedAt: options.issuedAt,
  });
}
