import { engineJobs } from './engine/jobs';
import { MODULES } from './integrations/registry';
import { knowledgeJobs } from './services/knowledge/jobs';

/** Every delayed job by name: the local runner registers them, the Worker's job receiver runs them. */
export const jobHandlers = {
  ...engineJobs,
  ...knowledgeJobs,
  ...Object.fromEntries(MODULES.flatMap((module) => Object.entries(module.jobs ?? {}))),
};
