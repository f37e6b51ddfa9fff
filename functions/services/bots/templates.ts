import * as v from 'valibot';
import type { IntegrationType } from '../../../db/schema';
import type { BotTemplate } from '../../ports/templates';
import type { Language } from '../../shared/constants';
import {
  type BotSettings,
  botSettingsSchema,
  defaultBotSettings,
  withChanges,
} from '../../shared/schemas/bot';
import type { AccountContext } from '../context';
import { type ConnectedIntegrations, connectedIntegrations } from './account-integrations';

/** A type a template requires that another one stands in for: the two salon systems are one family. */
const STANDS_IN: Partial<Record<IntegrationType, IntegrationType>> = {
  yclients: 'altegio',
  altegio: 'yclients',
};

/** The account's integration that serves a template's required type: its own, else its stand-in's. */
const serving = (connected: ConnectedIntegrations, type: IntegrationType) => {
  const stand = STANDS_IN[type];
  return connected.byType.get(type) ?? (stand ? connected.byType.get(stand) : undefined);
};

/**
 * The settings a bot created from `template` gets: the defaults, then the template's texts in
 * `lang`; actions that need an integration point at the account's integration of that type, and a
 * Get branches action offers every branch that salon's connection learned.
 */
export function templateSettings(
  template: BotTemplate,
  lang: Language,
  connected: ConnectedIntegrations,
): BotSettings {
  const content = template[lang];
  const actions = content.actions.map(({ integration_type, ...action }) => {
    const integrationId = integration_type ? serving(connected, integration_type) : undefined;
    if (!integrationId) return action;
    const branches = action.type === 'get_branches' ? connected.branchesById.get(integrationId) : undefined;
    return {
      ...action,
      settings: { ...action.settings, integration_id: integrationId, ...(branches ? { branches } : {}) },
    };
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

export const missingIntegrations = (template: BotTemplate, connected: ConnectedIntegrations) =>
  template.required_integrations.filter((type) => !serving(connected, type));

/** GET /api/bots/templates: every template in `lang`, with what the account still has to connect. */
export async function listTemplates(ctx: AccountContext, lang: Language) {
  const [templates, connected] = await Promise.all([ctx.ports.templates.all(), connectedIntegrations(ctx)]);
  return templates.map((template) => {
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
