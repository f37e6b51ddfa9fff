import type { SharedMessageKey } from './messages';
import type { BotSettings } from './schemas/bot';
import { BRANCH_ACTION_TYPES, FIELD_ACTION_TYPES, INTEGRATION_ACTION_TYPES } from './schemas/bot-actions';

/**
 * Bot settings problems (SPEC §5): a bot with problems can be saved, but cannot be switched on.
 * Pure, so the editor shows the same warnings live that the server returns with the bot.
 */

/** Problem codes; each is a message key with ru and en text. */
export const BOT_PROBLEM_CODES = [
  'bot_name_required',
  'bot_system_prompt_required',
  'bot_variable_name_required',
  'bot_variable_name_english',
  'bot_variable_name_duplicate',
  'bot_variable_description_required',
  'bot_placeholder_unknown',
  'bot_action_name_required',
  'bot_action_goal_required',
  'bot_action_type_required',
  'bot_webhook_url_required',
  'bot_webhook_url_invalid',
  'bot_stop_time_required',
  'bot_fill_variables_required',
  'bot_action_integration_required',
  'bot_deal_status_required',
  'bot_field_required',
  'bot_field_value_required',
  'bot_task_type_required',
  'bot_media_files_required',
  'bot_branches_required',
  'bot_stop_period_time_required',
  'bot_work_time_days_required',
  'bot_process_messages_required',
  'bot_restoring_prompt_required',
  'bot_integration_type_duplicate',
] as const satisfies readonly SharedMessageKey[];

export type BotProblemCode = (typeof BOT_PROBLEM_CODES)[number];

export interface BotProblem {
  code: BotProblemCode;
  /** The field, dot-separated as in validation `fields` (e.g. `actions.1.settings.url`). */
  path?: string;
  params?: Record<string, string | number>;
}

/** Variables the engine fills itself; texts may use them without declaring them. */
export const BUILT_IN_VARIABLES = ['current_date', 'current_time', 'client_name', 'chat_id'] as const;

/** Variable names are English: a Latin letter, then Latin letters, digits or underscores. */
export const VARIABLE_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The distinct names written as `{{name}}` in a text, in order of appearance. */
export function placeholdersIn(text: string): string[] {
  const names = [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '').filter(Boolean);
  return [...new Set(names)];
}

const blank = (value: string | null | undefined) => !value?.trim();

function isWebUrl(value: string): boolean {
  // Placeholders may fill parts of the address at run time; judge the address around them.
  const candidate = value.replace(PLACEHOLDER, 'x');
  if (/\s/.test(candidate)) return false;
  try {
    const url = new URL(candidate);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const includes = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

export function botProblems(bot: BotSettings): BotProblem[] {
  const problems: BotProblem[] = [];
  const add = (code: BotProblemCode, path?: string, params?: Record<string, string | number>) =>
    problems.push({ code, ...(path ? { path } : {}), ...(params ? { params } : {}) });

  const declared = new Set(bot.custom_variables.map((variable) => variable.name.trim()).filter(Boolean));
  const known = new Set<string>([...declared, ...BUILT_IN_VARIABLES]);
  const checkText = (path: string, text: string) => {
    for (const name of placeholdersIn(text))
      if (!known.has(name)) add('bot_placeholder_unknown', path, { name });
  };

  if (blank(bot.name)) add('bot_name_required', 'name');
  if (blank(bot.system_prompt)) add('bot_system_prompt_required', 'system_prompt');
  checkText('system_prompt', bot.system_prompt);
  checkText('goal_prompt', bot.goal_prompt);
  checkText('stop_message', bot.stop_message);
  checkText('stop_task', bot.stop_task);
  checkText('contact_info', bot.contact_info);

  const seen = new Set<string>();
  bot.custom_variables.forEach((variable, index) => {
    const path = `custom_variables.${index}`;
    const n = index + 1;
    const name = variable.name.trim();
    if (!name) add('bot_variable_name_required', `${path}.name`, { n });
    else if (!VARIABLE_NAME.test(name)) add('bot_variable_name_english', `${path}.name`, { n, name });
    else if (seen.has(name)) add('bot_variable_name_duplicate', `${path}.name`, { n, name });
    seen.add(name);
    if (blank(variable.description)) add('bot_variable_description_required', `${path}.description`, { n });
  });

  const { stop_logic, conditions, restoring_dialogue } = bot;
  if (stop_logic.bot_stop_period === 'for_time' && stop_logic.bot_stop_period_seconds <= 0)
    add('bot_stop_period_time_required', 'stop_logic.bot_stop_period_seconds');
  if (conditions.work_time.enabled && !Object.values(conditions.work_time.days).some((day) => day.enabled))
    add('bot_work_time_days_required', 'conditions.work_time.days');
  if (conditions.process_messages_enabled && conditions.process_messages.length === 0)
    add('bot_process_messages_required', 'conditions.process_messages');
  if (restoring_dialogue.enabled && blank(restoring_dialogue.prompt))
    add('bot_restoring_prompt_required', 'restoring_dialogue.prompt');
  checkText('restoring_dialogue.prompt', restoring_dialogue.prompt);

  const branchesChosen = bot.actions.some(
    (action) => action.type === 'get_branches' && action.settings.branches.length > 0,
  );
  bot.actions.forEach((action, index) => {
    const path = `actions.${index}`;
    const at = (field: string) => `${path}.settings.${field}`;
    const n = index + 1;
    if (blank(action.name)) add('bot_action_name_required', `${path}.name`, { n });
    if (blank(action.goal_prompt)) add('bot_action_goal_required', `${path}.goal_prompt`, { n });
    checkText(`${path}.description`, action.description);
    checkText(`${path}.goal_prompt`, action.goal_prompt);
    if (includes(INTEGRATION_ACTION_TYPES, action.type) && 'integration_id' in action.settings) {
      if (blank(action.settings.integration_id))
        add('bot_action_integration_required', at('integration_id'), { n });
    }
    if (includes(FIELD_ACTION_TYPES, action.type) && 'field' in action.settings) {
      if (blank(action.settings.field)) add('bot_field_required', at('field'), { n });
      if (blank(action.settings.value)) add('bot_field_value_required', at('value'), { n });
      checkText(at('value'), action.settings.value);
    }
    // A Calendly booking names its event type and has no branches.
    const bookingOfCalendar = action.type === 'booking' && !blank(action.settings.event_type);
    if (includes(BRANCH_ACTION_TYPES, action.type) && !branchesChosen && !bookingOfCalendar)
      add('bot_branches_required', `${path}.type`, { n });
    switch (action.type) {
      case null:
        add('bot_action_type_required', `${path}.type`, { n });
        break;
      case 'webhook': {
        const { url, headers, body_template } = action.settings;
        if (blank(url)) add('bot_webhook_url_required', at('url'), { n });
        else if (!isWebUrl(url)) add('bot_webhook_url_invalid', at('url'), { n });
        checkText(at('url'), url);
        headers.forEach((header, h) => {
          checkText(at(`headers.${h}.value`), header.value);
        });
        checkText(at('body_template'), body_template);
        break;
      }
      case 'stop_bot':
        if (
          action.settings.period === 'for_time' &&
          !(action.settings.seconds && action.settings.seconds > 0)
        )
          add('bot_stop_time_required', at('seconds'), { n });
        break;
      case 'fill_variables':
        if (action.settings.variables.length === 0)
          add('bot_fill_variables_required', at('variables'), { n });
        action.settings.variables.forEach((name, v) => {
          if (!declared.has(name)) add('bot_placeholder_unknown', at(`variables.${v}`), { name });
        });
        break;
      case 'change_deal_status':
        if (blank(action.settings.status_id)) add('bot_deal_status_required', at('status_id'), { n });
        break;
      case 'payment_link':
        if (!blank(action.settings.paid_integration_id) && blank(action.settings.paid_status_id))
          add('bot_deal_status_required', at('paid_status_id'), { n });
        break;
      case 'set_task':
        if (blank(action.settings.task_type)) add('bot_task_type_required', at('task_type'), { n });
        checkText(at('text'), action.settings.text);
        break;
      case 'send_media':
        if (action.settings.files.length === 0) add('bot_media_files_required', at('files'), { n });
        break;
    }
  });
  return problems;
}
