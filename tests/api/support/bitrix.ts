import type { FakeBitrix } from '../../fakes/bitrix';

/**
 * Bitrix24 installs the application on the portal: it posts the install form to our handler, whose
 * page links to the confirmation with a sealed ticket. Answers the handler's response, its page and
 * the ticket (null when the page has none). `post` reaches the app (in-process or over HTTP).
 */
export async function bitrixInstall(
  post: (path: string, init: RequestInit) => Promise<Response>,
  form: ReturnType<FakeBitrix['installForm']>,
) {
  const response = await post(`/api/webhooks/bitrix/install?${new URLSearchParams(form.query)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form.body).toString(),
  });
  const html = await response.text();
  const href = /href="([^"]+)"[^>]*data-testid="bitrix-open"/.exec(html)?.[1]?.replace(/&#38;/g, '&');
  const link = href ? new URL(href, 'http://link.invalid') : null;
  return { response, html, link, ticket: link?.searchParams.get('install') ?? null };
}
