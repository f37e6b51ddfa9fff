import { and, desc, eq, inArray } from 'drizzle-orm';
import { messages } from '../../../db/schema';
import { botOfChat } from '../../engine/load';
import { AppError } from '../../http/errors';
import { LlmError } from '../../ports/llm';
import { resolveModel } from '../../shared/models';
import type { AccountContext } from '../context';
import { ownChat } from './own-chat';

/** The newest messages a summary reads; older ones rarely change what the dialogue is about. */
const SUMMARY_MESSAGES = 200;
const SUMMARY_MAX_TOKENS = 600;

const AUTHOR_LABEL = { customer: 'Customer', bot: 'Bot', operator: 'Manager', system: 'System' } as const;

const instruction = (lang: AccountContext['lang']) =>
  [
    'You summarise a dialogue between a business (its bot and managers) and a customer.',
    'Write 3–6 short sentences: what the customer wants, what was agreed or answered, what is still open.',
    `Answer in ${lang === 'en' ? 'English' : 'Russian'}, plain text, no headings.`,
  ].join(' ');

/**
 * POST /api/chats/{id}/summary: the dialogue summarised by the bot's model (the default model when
 * the bot was deleted). Not stored and not charged: it is asked for by the owner, not the customer.
 */
export async function summarizeChat(ctx: AccountContext, id: string) {
  const chat = await ownChat(ctx, id);
  const { db, llm } = ctx.ports;
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chat.id), inArray(messages.author, ['customer', 'operator', 'bot'])))
    .orderBy(desc(messages.seq))
    .limit(SUMMARY_MESSAGES);
  if (rows.length === 0) return { summary: null };
  const transcript = rows
    .reverse()
    .map((message) => `${AUTHOR_LABEL[message.author]}: ${message.text}`)
    .join('\n');
  const bot = await botOfChat(db, chat);
  try {
    const result = await llm.complete({
      model: resolveModel(bot?.model).id,
      messages: [
        { role: 'system', content: instruction(ctx.lang) },
        { role: 'user', content: transcript },
      ],
      maxTokens: SUMMARY_MAX_TOKENS,
    });
    const summary = result.text.trim();
    if (!summary) throw new AppError(502, 'internal_error', 'chat_summary_failed');
    return { summary };
  } catch (error) {
    if (error instanceof LlmError) throw new AppError(502, 'internal_error', 'chat_summary_failed');
    throw error;
  }
}
