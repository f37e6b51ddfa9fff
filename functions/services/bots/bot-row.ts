import * as v from 'valibot';
import type { bots } from '../../../db/schema';
import type { BotSettings } from '../../shared/schemas/bot';
import type { BotAction } from '../../shared/schemas/bot-actions';
import { conditionsSchema } from '../../shared/schemas/bot-conditions';

type BotRow = typeof bots.$inferSelect;
type BotColumns = Omit<
  typeof bots.$inferInsert,
  'id' | 'accountId' | 'isWork' | 'templateId' | 'createdAt' | 'updatedAt'
>;

function withDefaults(conditions: BotRow['conditions']): BotRow['conditions'] {
  const parsed = v.safeParse(conditionsSchema, conditions);
  return parsed.success ? parsed.output : conditions;
}

export function rowSettings(row: BotRow): BotSettings {
  return {
    name: row.name,
    model: row.model,
    process_scheme: row.processScheme,
    accumulation_messages_seconds: row.accumulationMessagesSeconds,
    temperature_mode: row.temperatureMode,
    temperature: row.temperature,
    storage_id: row.storageId,
    system_prompt: row.systemPrompt,
    goal_prompt: row.goalPrompt,
    // Bots saved before a condition existed get its default.
    conditions: withDefaults(row.conditions),
    stop_logic: row.stopLogic,
    stop_message: row.stopMessage,
    stop_task: row.stopTask,
    contact_info: row.contactInfo,
    restoring_dialogue: row.restoringDialogue,
    actions: row.actions,
    custom_variables: row.customVariables,
    actions_enable: row.actionsEnable,
    info_transfer: row.infoTransfer,
  };
}

/** Every action keeps its id; new actions (and repeated ids) get a fresh one. */
function withIds(actions: BotSettings['actions']): BotAction[] {
  const seen = new Set<string>();
  return actions.map((action) => {
    const id = action.id && !seen.has(action.id) ? action.id : crypto.randomUUID();
    seen.add(id);
    return { ...action, id };
  });
}

export function settingsColumns(settings: BotSettings): BotColumns {
  return {
    name: settings.name,
    model: settings.model,
    processScheme: settings.process_scheme,
    accumulationMessagesSeconds: settings.accumulation_messages_seconds,
    temperatureMode: settings.temperature_mode,
    temperature: settings.temperature,
    storageId: settings.storage_id,
    systemPrompt: settings.system_prompt,
    goalPrompt: settings.goal_prompt,
    conditions: settings.conditions,
    stopLogic: settings.stop_logic,
    stopMessage: settings.stop_message,
    stopTask: settings.stop_task,
    contactInfo: settings.contact_info,
    restoringDialogue: settings.restoring_dialogue,
    actions: withIds(settings.actions),
    customVariables: settings.custom_variables,
    actionsEnable: settings.actions_enable,
    infoTransfer: settings.info_transfer,
  };
}
