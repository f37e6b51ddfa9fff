import type { Message } from '../../db/schema';
import type { LlmMessage } from '../ports/llm';
import { localTime } from '../shared/local-time';
import { fillPlaceholders } from './placeholders';
import { placeholderValues, type Turn } from './turn';

/** How many earlier messages of the dialogue the model reads. */
export const HISTORY_LIMIT = 40;

/**
 * The system message: the bot's system prompt, its main goal, contact details, the variables with
 * the values filled so far, and the date and time where the bot works.
 */
export function systemText(turn: Turn): string {
  const { bot } = turn;
  const values = placeholderValues(turn);
  const fill = (text: string) => fillPlaceholders(text, values).trim();
  const sections = [fill(bot.systemPrompt)];
  if (bot.goalPrompt.trim()) sections.push(`## Main goal\n${fill(bot.goalPrompt)}`);
  if (bot.contactInfo.trim()) sections.push(`## Contact information\n${fill(bot.contactInfo)}`);
  const variables = bot.customVariables.filter((variable) => variable.name.trim());
  if (variables.length > 0) {
    const lines = variables.map((variable) => {
      const value = turn.variables[variable.name];
      return `- ${variable.name} (${variable.description.trim()}): ${value ? JSON.stringify(value) : 'not known yet'}`;
    });
    sections.push(
      `## Variables\nWhat to find out in the dialogue, with the values known so far:\n${lines.join('\n')}`,
    );
  }
  const zone = bot.conditions.work_time.time_zone;
  const local = localTime(turn.now, zone);
  sections.push(`## Now\n${local.date} ${local.time} (${zone})`);
  return sections.filter(Boolean).join('\n\n');
}

/** Earlier messages as the model's dialogue: the customer is the user, the bot and operators speak for the business. */
export function dialogueMessages(history: Message[]): LlmMessage[] {
  const out: LlmMessage[] = [];
  for (const message of history) {
    if (message.author === 'customer') out.push({ role: 'user', content: message.text });
    else if (message.author === 'bot') out.push({ role: 'assistant', content: message.text });
    else if (message.author === 'operator')
      out.push({ role: 'assistant', content: `[written by a human manager] ${message.text}` });
  }
  return out;
}
