/** What the database holds after the day, as read by measure.ts. */
export interface CustomerRow {
  id: string;
  chat_id: string;
  text: string;
  created_at: Date;
  answered_at: Date | null;
}
export interface HistoryRow {
  id: string;
  status: string;
  event: string;
  /** The batch's customer texts, joined by a blank line (engine/billing.ts). */
  message: string;
}
export interface ReplyRow {
  history_id: string | null;
  delivered_at: Date | null;
}
export interface ChatRow {
  id: string;
  scheme: string;
  operator_messages: number;
}

export interface Outcomes {
  customerMessages: number;
  /** Answer batches: history rows (answers, refusals, failures). */
  batches: number;
  answeredMessages: number;
  /** Deliberately not answered: a gate refused (a free history row says why) or the model failed. */
  refusedMessages: number;
  failedMessages: number;
  /** Deliberately not answered: an operator wrote in the chat and took the waiting messages. */
  operatorMessages: number;
  /** Refusals and failures by their history event (refused_stopped: the operator's chat). */
  notAnsweredEvents: Record<string, number>;
  /** Customer messages with no outcome, and batches whose reply is missing or was not delivered. */
  lost: string[];
  /** Customer messages in more than one batch, and batches with more than one reply. */
  duplicates: string[];
  /** From the customer's last message of a batch to the delivery of its reply, by the bot's scheme. */
  latencyMs: Record<string, number[]>;
}

/**
 * Every customer message either answered once or deliberately not answered (a refusal, a failure,
 * an operator), every answered batch exactly one history row and one delivered reply.
 */
export function outcomesOf(
  customers: readonly CustomerRow[],
  history: readonly HistoryRow[],
  replies: readonly ReplyRow[],
  chats: readonly ChatRow[],
): Outcomes {
  const chatOf = new Map(chats.map((chat) => [chat.id, chat]));
  const byText = new Map<string, CustomerRow>();
  for (const customer of customers) byText.set(customer.text, customer);
  const batchesOf = new Map<string, HistoryRow[]>();
  const repliesOf = new Map<string, ReplyRow[]>();
  for (const reply of replies) {
    const key = reply.history_id ?? 'none';
    repliesOf.set(key, [...(repliesOf.get(key) ?? []), reply]);
  }
  const outcome: Outcomes = {
    customerMessages: customers.length,
    batches: history.length,
    answeredMessages: 0,
    refusedMessages: 0,
    failedMessages: 0,
    operatorMessages: 0,
    notAnsweredEvents: {},
    lost: [],
    duplicates: [],
    latencyMs: {},
  };
  for (const entry of history) {
    const texts = entry.message.split('\n\n');
    for (const text of texts) batchesOf.set(text, [...(batchesOf.get(text) ?? []), entry]);
    const own = repliesOf.get(entry.id) ?? [];
    if (own.length > 1) outcome.duplicates.push(`history ${entry.id}: ${own.length} replies`);
    const reply = own[0];
    if (reply && !reply.delivered_at) outcome.lost.push(`history ${entry.id}: reply not delivered`);
    if (entry.status !== 'success') {
      // A refusal is explained where the channel can show it (Check); messengers get nothing.
      outcome.notAnsweredEvents[entry.event] = (outcome.notAnsweredEvents[entry.event] ?? 0) + 1;
      continue;
    }
    if (!reply) outcome.lost.push(`history ${entry.id}: answered without a reply`);
    if (!reply?.delivered_at) continue;
    const asked = texts.map((text) => byText.get(text)).filter((row) => row !== undefined);
    const last = Math.max(...asked.map((row) => row.created_at.getTime()));
    const scheme = chatOf.get(asked[0]?.chat_id ?? '')?.scheme ?? 'unknown';
    if (asked.length === 0) continue;
    const samples = outcome.latencyMs[scheme] ?? [];
    samples.push(reply.delivered_at.getTime() - last);
    outcome.latencyMs[scheme] = samples;
  }
  for (const stray of repliesOf.get('none') ?? [])
    outcome.duplicates.push(
      `a bot reply without a history row (${stray.delivered_at?.toISOString() ?? 'undelivered'})`,
    );
  for (const customer of customers) {
    const batches = batchesOf.get(customer.text) ?? [];
    if (batches.length > 1) outcome.duplicates.push(`message ${customer.id}: in ${batches.length} batches`);
    const [batch] = batches;
    if (!customer.answered_at) outcome.lost.push(`message ${customer.id}: never answered`);
    else if (batch?.status === 'success') outcome.answeredMessages++;
    else if (batch?.event === 'llm_error') outcome.failedMessages++;
    else if (batch) outcome.refusedMessages++;
    else if ((chatOf.get(customer.chat_id)?.operator_messages ?? 0) > 0) outcome.operatorMessages++;
    else outcome.lost.push(`message ${customer.id}: marked answered without a batch or an operator`);
  }
  return outcome;
}
