import * as v from 'valibot';
import type { EngineJobHandler } from '../../engine/jobs';
import { INDEX_JOB, indexFile } from './index-job';

const indexPayload = v.object({ fileId: v.pipe(v.string(), v.uuid()) });

/** The knowledge jobs by name (registered beside the engine's: functions/jobs.ts). */
export const knowledgeJobs: Readonly<Record<string, EngineJobHandler>> = {
  [INDEX_JOB]: async (payload, ports) => {
    const parsed = v.safeParse(indexPayload, payload);
    if (!parsed.success) return console.error(`${INDEX_JOB}: malformed payload`, payload);
    await indexFile(ports, parsed.output.fileId);
  },
};
