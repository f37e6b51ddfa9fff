import * as v from 'valibot';
import type { IntegrationType } from '../../../db/schema';
import { BOT_TEMPLATES, type BotTemplate } from '../../../db/seed/templates';
import type { Language } from '../../shared/constants';
import {
  type BotSettings,
  botSettingsSchema,
  defaultBotSettings,
  withChanges,
} from '../../shared/schemas/bot';
import type { AccountContext } from '../context';
import { connectedIntegrationsByType } from './account-integrations';

/**
 * The settings a bot created from `template` gets: the defaults, then the template's texts in
 * `lang`; actions that need an integration point at the account's integration of that type.
 */
export function templateSettings(
  template: BotTemplate,
  lang: Language,
  connected: ReadonlyMap<IntegrationType, string>,
): BotSettings {
  const content = template[lang];
  const actions = content.actions.map(({ integration_type, ...action }) => {
    const integrationId = integration_type ? connected.get(integration_type) : undefined;
    return integrationId
      ? { ...action, settings: { ...action.settings, integration_id: integrationId } }
      : action;
  });
  const parsed = v.parse(botSettingsSchema, {
    ...template.settings,
    name: content.name,
    system_prompt: content.system_prompt,
    goal_prompt: content.goal_prompt,
    stop_message: content.stop_message,
    stop_task: content.stop_task,
    custom_variables: content.custom_variables,
    actions,
    actions_enable: actions.length > 0,
    stop_logic: { interruption_cases: content.interruption_cases },
    restoring_dialogue: { enabled: false, prompt: content.restoring_prompt },
  });
  return withChanges(defaultBotSettings(), parsed);
}

export const missingIntegrations = (template: BotTemplate, connected: ReadonlyMap<IntegrationType, string>) =>
  template.required_integrations.filter((type) => !connected.has(type));

/** GET /api/bots/templates: every template in `lang`, with what the account still has to connect. */
export async function listTemplates(ctx: AccountContext, lang: Language) {
  const connected = await connectedIntegrationsByType(ctx);
  return BOT_TEMPLATES.map((template) => {
    const missing = missingIntegrations(template, connected);
    return {
      id: template.id,
      industry: template.industry,
      name: template[lang].name,
      description: template[lang].description,
      lang,
      required_integrations: template.required_integrations,
      missing_integrations: missing,
      available: missing.length === 0,
      bot: templateSettings(template, lang, connected),
    };
  });
}
