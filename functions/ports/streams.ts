/**
 * Event streams an external system only offers as a WebSocket the client holds open (RetailCRM's
 * chat gateway): the holder opens one per target, keeps it open and hands each frame, in order, as
 * a POST to the target's inbound path with its headers, i.e. into the one webhook pipeline. A
 * schedule asks for every wanted stream again and again (`hold` is idempotent: the same target keeps
 * its socket, a changed one replaces it). A stream lets go of itself when the pipeline answers 404
 * or 401 (the integration is gone, or reconnected with a new secret), or when nobody has asked for
 * it for a while (switched off). The Node process holds them locally; a PartyKit room per stream in
 * production (functions/party/streams.ts).
 */
export interface Streams {
  hold(target: StreamTarget): Promise<void>;
}

export interface StreamTarget {
  /** One stream per key (the integration's id). */
  key: string;
  /** `wss://…` */
  url: string;
  /** Headers of the upgrade request (the bot's token). */
  headers: Record<string, string>;
  /** The app's inbound path for the frames, `/api/webhooks/{type}/{id}`. */
  path: string;
  /** Headers each frame is posted with (the inbound secret). */
  forwardHeaders: Record<string, string>;
}

/** A stream nobody asked for in this long is closed. */
export const STREAM_IDLE_MS = 5 * 60_000;

/** Answers of the pipeline after which a stream lets go of itself. */
export const STREAM_GONE_STATUSES = new Set([401, 404]);

/** What identifies a stream's socket: a change of any of it opens a new one. */
export const streamFingerprint = (target: StreamTarget) =>
  JSON.stringify([target.url, target.headers, target.forwardHeaders]);

/** What the API posts to a stream's PartyKit room: the target, and where the app takes its frames. */
export interface StreamHoldCommand {
  command: 'hold';
  target: StreamTarget & { forwardUrl: string };
}
