import type { WidgetDialogue, WidgetVisitor } from '../../../functions/shared/onchat';
import type { LocalServer } from '../../support/local-server';
import { apiCall } from './account';

/** A connected website widget of the account, allowed on `domains`; answers its id. */
export async function connectedWidget(
  server: LocalServer,
  token: string,
  domains: string[],
): Promise<string> {
  const widget = (await apiCall(
    server,
    'POST',
    '/api/integrations',
    { type: 'onchat', connection_data: { allowed_domains: domains } },
    token,
  )) as { id: string };
  await apiCall(server, 'POST', `/api/integrations/connect/${widget.id}`, undefined, token);
  return widget.id;
}

/**
 * A visitor of a website widget writing through its public API, as web/widget does: the config
 * endpoint names the visitor (id and token), then messages carry both. `origin` is the page's site.
 */
export async function widgetVisitor(server: LocalServer, widgetId: string, origin: string) {
  const base = `${server.url}/api/widget/${widgetId}`;
  const config = await fetch(`${base}/config`, { headers: { origin } });
  if (!config.ok) throw new Error(`widget config answered ${config.status}: ${await config.text()}`);
  const { visitor } = (await config.json()) as { visitor: WidgetVisitor };
  return {
    visitor,
    /** Posts a message; answers the HTTP status (202 once stored). */
    write: async (text: string): Promise<number> => {
      const response = await fetch(`${base}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({
          visitor_id: visitor.id,
          visitor_token: visitor.token,
          message_id: crypto.randomUUID(),
          text,
        }),
      });
      return response.status;
    },
    reads: async (): Promise<WidgetDialogue['messages']> => {
      const query = `visitor_id=${visitor.id}&visitor_token=${visitor.token}`;
      const response = await fetch(`${base}/messages?${query}`, { headers: { origin } });
      return ((await response.json()) as WidgetDialogue).messages;
    },
  };
}
