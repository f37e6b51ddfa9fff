import type { Limit } from '../auth/rate-limit';

/**
 * Limits of the public widget endpoints. Per widget and address: a visitor types far slower than
 * this, a script posting in a loop does not; a page polls GET every few seconds only while its
 * socket is down; a page load asks for the config once. Per widget and per account an hour: every
 * customer message may cost the owner an answer, so a flood from many addresses stops there too.
 *
 * Subjects: `<widgetId>:<ip>`, `<widgetId>:<visitorId>`, `<widgetId>` and `<accountId>`.
 */
export const WIDGET_LIMITS = {
  postPerIp: { scope: 'widget-post:ip', max: 60, windowSeconds: 60 },
  postPerVisitor: { scope: 'widget-post:visitor', max: 20, windowSeconds: 60 },
  readPerIp: { scope: 'widget-read:ip', max: 300, windowSeconds: 60 },
  configPerIp: { scope: 'widget-config:ip', max: 120, windowSeconds: 10 * 60 },
  newVisitorsPerIp: { scope: 'widget-visitor:ip', max: 20, windowSeconds: 60 * 60 },
  messagesPerWidget: { scope: 'widget-messages:widget', max: 1000, windowSeconds: 60 * 60 },
  messagesPerAccount: { scope: 'widget-messages:account', max: 3000, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;
