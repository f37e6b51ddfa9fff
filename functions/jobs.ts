import { engineJobs } from './engine/jobs';
import { MODULES } from './integrations/registry';
import { eventWebhookJobs } from './services/event-webhooks/jobs';
import { knowledgeJobs } from './services/knowledge/jobs';

/** Every delayed job by name: the local runner registers them, the Worker's job receiver runs them. */
export const jobHandlers = {
  ...engineJobs,
  ...knowledgeJobs,
  ...eventWebhookJobs,
  ...Object.fromEntries(MODULES.flatMap((module) => Object.entries(module.jobs ?? {}))),
};
