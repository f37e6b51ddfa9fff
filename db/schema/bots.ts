import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TemperatureMode } from '../../functions/shared/models';
import type { BotVariable, ProcessScheme } from '../../functions/shared/schemas/bot';
import type { BotAction } from '../../functions/shared/schemas/bot-actions';
import type {
  BotConditions,
  BotInfoTransfer,
  BotRestoringDialogue,
  BotStopLogic,
} from '../../functions/shared/schemas/bot-conditions';
import { accounts } from './accounts';

/**
 * A bot (SPEC §3). The JSON columns hold the shapes documented in
 * functions/shared/schemas/bot-conditions.ts and bot-actions.ts.
 */
export const bots = pgTable(
  'bots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    model: text('model').notNull(),
    processScheme: text('process_scheme').$type<ProcessScheme>().notNull().default('accumulation'),
    accumulationMessagesSeconds: integer('accumulation_messages_seconds').notNull().default(60),
    temperatureMode: text('temperature_mode').$type<TemperatureMode>().notNull().default('flexible'),
    temperature: integer('temperature').notNull().default(50),
    storageId: uuid('storage_id'),
    systemPrompt: text('system_prompt').notNull().default(''),
    /** The main goal. */
    goalPrompt: text('goal_prompt').notNull().default(''),
    conditions: jsonb('conditions').$type<BotConditions>().notNull(),
    stopLogic: jsonb('stop_logic').$type<BotStopLogic>().notNull(),
    stopMessage: text('stop_message').notNull().default('Момент, уточню информацию'),
    stopTask: text('stop_task').notNull().default(''),
    contactInfo: text('contact_info').notNull().default(''),
    restoringDialogue: jsonb('restoring_dialogue').$type<BotRestoringDialogue>().notNull(),
    actions: jsonb('actions').$type<BotAction[]>().notNull().default(sql`'[]'::jsonb`),
    customVariables: jsonb('custom_variables').$type<BotVariable[]>().notNull().default(sql`'[]'::jsonb`),
    actionsEnable: boolean('actions_enable').notNull().default(false),
    infoTransfer: jsonb('info_transfer').$type<BotInfoTransfer>().notNull(),
    isWork: boolean('is_work').notNull().default(false),
    /**
     * When the bot was last switched on (is_work off → on); conditions.run 'new_dialogs' answers only
     * chats created since. Null for a bot never switched on.
     */
    workStartedAt: timestamp('work_started_at', { withTimezone: true }),
    templateId: text('template_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('bots_account_idx').on(t.accountId)],
);

export type Bot = typeof bots.$inferSelect;
