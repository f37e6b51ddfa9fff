import type { Industry } from '../../../functions/shared/constants';
import type { BotSettingsInput, BotVariable } from '../../../functions/shared/schemas/bot';
import type { BotActionInput } from '../../../functions/shared/schemas/bot-actions';
import type { IntegrationType } from '../../schema/integrations';

/**
 * An action in a template. `integration_type` names the required integration whose id is put
 * into the action's settings when a bot is created from the template.
 */
export type TemplateAction = BotActionInput & { integration_type?: IntegrationType };

/** The texts of a template in one language. */
export interface TemplateContent {
  /** The new bot's name. */
  name: string;
  /** What the template gallery says about it. */
  description: string;
  system_prompt: string;
  goal_prompt: string;
  stop_message: string;
  stop_task: string;
  custom_variables: BotVariable[];
  actions: TemplateAction[];
  interruption_cases: string[];
  /** The follow-up for a customer who went quiet; the user switches it on. */
  restoring_prompt: string;
}

export interface BotTemplate {
  id: string;
  industry: Industry;
  /** Integration types the account must have connected before a bot is created from it. */
  required_integrations: IntegrationType[];
  /** Language-independent settings that differ from the defaults. */
  settings?: Pick<BotSettingsInput, 'temperature_mode' | 'process_scheme' | 'accumulation_messages_seconds'>;
  ru: TemplateContent;
  en: TemplateContent;
}
