import type { Account, Message } from '../../db/schema';
import { openAiRoot, ownChatgptKey } from '../integrations/chatgpt';
import type { Llm } from '../ports/llm';
import { OpenAiLlm } from '../ports/llm-openai';
import type { EngineContext } from './context';

/** Which model endpoint answers for an account, and whether the account pays the model itself. */
export interface ModelAccess {
  llm: Llm;
  /** The account's own ChatGPT key: no price of ours, no money held. */
  ownKey: boolean;
}

/**
 * SPEC §4: with a connected ChatGPT integration every bot of the account answers through the
 * owner's key (OpenAI, or OPENAI_API_ROOT); otherwise through ours (LLM_BASE_URL), billed by tokens.
 */
export async function modelAccessFor(ctx: EngineContext, account: Account): Promise<ModelAccess> {
  const key = await ownChatgptKey(ctx.ports.db, ctx.settings, account);
  if (!key) return { llm: ctx.ports.llm, ownKey: false };
  return { llm: new OpenAiLlm({ baseUrl: openAiRoot(ctx.settings), apiKey: key }), ownKey: true };
}

/**
 * The dialogue the model may see: nothing from before the bots last moved to or from the own key
 * (SPEC §4: their history is lost to the model), except the messages being answered now.
 */
export function dialogueSinceSwitch(history: Message[], account: Account, answering: Message[]): Message[] {
  const since = account.modelSwitchedAt;
  if (!since) return history;
  const kept = new Set(answering.map((message) => message.id));
  return history.filter((message) => message.createdAt > since || kept.has(message.id));
}
