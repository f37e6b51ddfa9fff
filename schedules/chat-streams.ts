import { holdMgStreams } from '../functions/integrations/retailcrm/stream';
import type { ScheduleDefinition } from './schedule';

/**
 * Keeps the event streams of integrations without webhooks open (ports/streams.ts): RetailCRM's chat
 * gateway. Holding is idempotent; a stream that dropped is opened again at the next run.
 */
export const chatStreams: ScheduleDefinition = {
  id: 'chat-streams',
  cron: '* * * * *',
  intervalSeconds: 5,
  handler: (ports, settings) => holdMgStreams(ports, settings),
};
