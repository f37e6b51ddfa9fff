/** A unit of delayed or scheduled work, delivered at least once to the handler registered under `name`. */
export interface JobRequest {
  name: string;
  payload: unknown;
  /** Run no earlier than this many seconds from now. */
  delaySeconds?: number;
  /** A second request with the same id while the first is pending is dropped. */
  dedupId?: string;
}

export interface Jobs {
  enqueue(request: JobRequest): Promise<void>;
}

export type JobHandler<P = unknown> = (payload: P) => Promise<void>;
