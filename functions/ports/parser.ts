import type { ParseOutcome } from '../services/knowledge/parse';

export type { ParseOutcome } from '../services/knowledge/parse';

/**
 * Reads uploaded documents into chunks apart from the work that serves requests (ARCHITECTURE §2
 * "Heavy, rare work"): in Node a worker thread with a time and a memory limit, on Workers the documents
 * Worker behind the API Worker's DOCUMENTS binding (ports/documents-binding.ts), whose own CPU limits
 * and the call's deadline stand in. Both read within the same caps (services/knowledge/limits.ts).
 * A document breaking a limit is an outcome with its reason, never a thrown error, so the indexing
 * job fails the file once instead of being retried.
 */
export interface DocumentParser {
  parse(name: string, bytes: Uint8Array): Promise<ParseOutcome>;
}
