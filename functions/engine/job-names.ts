/** The job that answers a chat's waiting customer messages, after the accumulation delay. */
export const RESPOND_JOB = 'engine.respond';

export interface RespondPayload {
  chatId: string;
  /** The customer message whose arrival scheduled this job; a newer one makes this job stand down. */
  upToMessageId: string;
  /** How many times the model failed with an error that may pass (retry.ts); absent on the first run. */
  attempt?: number;
  /** How many times the answer waited for other answers' balance holds (retry.ts waitForHolds). */
  holdWaits?: number;
}

/** Jobs of one chat run one at a time (QStash flow control, the local runner's groups). */
export const chatJobGroup = (chatId: string) => `chat-${chatId}`;

/** The job that writes once more when the customer has gone quiet after a reply (restoring_dialogue). */
export const RESTORE_JOB = 'engine.restore';

export interface RestorePayload {
  chatId: string;
  /** The bot's reply the silence follows; any later message in the chat makes the job stand down. */
  replyId: string;
}
