/** A unit of delayed or scheduled work, delivered at least once to the handler registered under `name`. */
export interface JobRequest {
  name: string;
  payload: unknown;
  /** Run no earlier than this many seconds from now. */
  delaySeconds?: number;
  /** A second request with the same id while the first is pending is dropped. */
  dedupId?: string;
  /**
   * Jobs with the same key run one at a time (a chat's answers). QStash: a flow-control key with
   * parallelism 1; the local runner: one job of a group at a time. The engine serialises a chat's
   * answers with a lease as well, so this saves wasted runs rather than guarding correctness.
   */
  groupKey?: string;
}

export interface Jobs {
  enqueue(request: JobRequest): Promise<void>;
}

export type JobHandler<P = unknown> = (payload: P) => Promise<void>;
