import type { Message } from '../../db/schema';
import {
  type KnowledgeSearch,
  searchableStorage,
  searchKnowledge,
  searchQuery,
} from '../services/knowledge/search';
import { embeddingPriceOf } from '../shared/models';
import type { Turn } from './turn';

/**
 * The knowledge of the bot's document storage for this answer (ARCHITECTURE §6.5): the question is
 * embedded (its price bound held first, like a model call) and the nearest chunks found. Null when
 * the bot has no searchable storage. The History row names what was found.
 */
export async function findKnowledge(turn: Turn, history: Message[]): Promise<KnowledgeSearch | null> {
  const { db } = turn.ctx.ports;
  const storage = await searchableStorage(db, turn.account.id, turn.bot.storageId);
  if (!storage) return null;
  const waiting = new Set(turn.waiting.map((message) => message.id));
  const earlier = history
    .filter((message) => message.author === 'customer' && !waiting.has(message.id))
    .map((message) => message.text);
  const query = searchQuery(
    turn.waiting.map((message) => message.text),
    earlier,
  );
  if (!query) return null;
  // No tokenizer makes more than one token per character: the bound of the embedding's price.
  await turn.beforeCall(embeddingPriceOf(query.length, turn.account.currency));
  const found = await searchKnowledge(db, turn.llm, storage, query);
  turn.actions.push({
    name: storage.name,
    type: 'knowledge',
    ok: true,
    detail: found.chunks.map((chunk) => [chunk.file, chunk.source].filter(Boolean).join(', ')).join('; '),
  });
  return found;
}

/**
 * The prompt rule for knowledge (docs/knowledge.md): facts about the business come from the
 * excerpts or the instructions, and what is in neither is not made up.
 */
export function knowledgeSection(found: KnowledgeSearch): string {
  const title = `## Knowledge base «${found.storage.name}»`;
  const about = found.storage.description.trim() ? `${found.storage.description.trim()}\n` : '';
  const rule =
    'Answer questions about the business only from these excerpts and the instructions above. ' +
    'If the answer is not there, say honestly that you do not know and offer to find out from a ' +
    'manager; never invent prices, dates, addresses, names or other facts.';
  if (found.chunks.length === 0) {
    return `${title}\n${about}Nothing in the knowledge base matches the customer's question. ${rule}`;
  }
  const excerpts = found.chunks.map((chunk, i) => {
    const source = [chunk.file, chunk.source].filter(Boolean).join(', ');
    // What the owner said the file is (SPEC §3 File) tells the model how to read its excerpt.
    const about = chunk.fileDescription.trim() ? `About this file: ${chunk.fileDescription.trim()}\n` : '';
    return `[${i + 1}] (${source})\n${about}${chunk.text}`;
  });
  return `${title}\n${about}${rule}\n\n${excerpts.join('\n\n')}`;
}
