import type { Limit } from '../auth/rate-limit';

/**
 * Limits of the public widget endpoints, per widget: a visitor types far slower than this, a script
 * posting in a loop does not. A page polls GET every few seconds only while its socket is down.
 */
export const WIDGET_LIMITS = {
  postPerIp: { scope: 'widget-post:ip', max: 60, windowSeconds: 60 },
  postPerVisitor: { scope: 'widget-post:visitor', max: 20, windowSeconds: 60 },
  readPerIp: { scope: 'widget-read:ip', max: 300, windowSeconds: 60 },
} satisfies Record<string, Limit>;
