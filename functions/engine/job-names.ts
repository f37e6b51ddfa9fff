/** The job that answers a chat's waiting customer messages, after the accumulation delay. */
export const RESPOND_JOB = 'engine.respond';

export interface RespondPayload {
  chatId: string;
  /** The customer message whose arrival scheduled this job; a newer one makes this job stand down. */
  upToMessageId: string;
}
