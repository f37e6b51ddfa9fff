import { factory } from '../../http/factory';
import { undocumented } from '../../openapi/describe';
import { jobUrl } from '../../ports/jobs-qstash';
import { AppError, notFound, unauthorized } from '../../shared/app-error';
import type { JobRunners } from './runners';
import type { VerifySignature } from './verify';

export interface JobsRouteOptions {
  verify: VerifySignature;
  runners: JobRunners;
}

function parsePayload(body: string): unknown {
  if (body === '') return null;
  try {
    return JSON.parse(body);
  } catch {
    throw new AppError('bad_request');
  }
}

/**
 * A job delivered by QStash. The signature is checked before anything else, so an unsigned caller
 * learns nothing; a failing job answers 500 and QStash retries it.
 */
export const receiveJobHandlers = (options: JobsRouteOptions) =>
  factory.createHandlers(undocumented('Signed QStash job callbacks of the Worker shape.'), async (c) => {
    const name = c.req.param('name') ?? '';
    const body = await c.req.text();
    const signature = c.req.header('upstash-signature');
    const url = jobUrl(c.get('settings').publicUrl, name);
    if (!signature || !(await options.verify({ signature, body, url }))) throw unauthorized();
    const run = options.runners.get(name);
    if (!run) throw notFound();
    await run(parsePayload(body), c.get('ports'));
    return c.json({ ok: true });
  });
