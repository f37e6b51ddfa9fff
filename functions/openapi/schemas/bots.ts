import * as v from 'valibot';
import { INTEGRATION_TYPES } from '../../../db/schema/integrations';
import type { BotView } from '../../services/bots/bot-view';
import type { listTemplates } from '../../services/bots/templates';
import { BOT_PROBLEM_CODES } from '../../shared/bot-problems';
import { INDUSTRIES, LANGUAGES } from '../../shared/constants';
import { shapeOf } from '../shape-of';
import { botSettingsEntries, botSettingsOutput } from './bot-settings';
import { isoTime } from './common';

const problemSchema = v.object({
  code: v.picklist(BOT_PROBLEM_CODES),
  message: v.pipe(v.string(), v.description("The problem in the account's language.")),
  path: v.optional(v.pipe(v.string(), v.description('The setting it is about, e.g. `actions.0.name`.'))),
  params: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
});

export const botSchema = shapeOf<BotView>()(
  v.object({
    id: v.string(),
    ...botSettingsEntries,
    is_work: v.pipe(
      v.boolean(),
      v.description('Whether the bot answers; changed only by `PATCH /api/bot/{id}`.'),
    ),
    template_id: v.nullable(v.pipe(v.string(), v.description('The template it was made from.'))),
    problems: v.pipe(
      v.array(problemSchema),
      v.description('Settings problems: a bot with any cannot be switched on.'),
    ),
    connections_count: v.pipe(v.number(), v.description('The channels it works in.')),
    subscription: v.object({
      active: v.pipe(
        v.boolean(),
        v.description('Whether the bot has (or, switched off, would get) a paid place.'),
      ),
      till: v.nullable(
        v.pipe(isoTime, v.description('When the subscription or demo that covers bots ends.')),
      ),
    }),
    spent_today_minor: v.pipe(v.number(), v.description('What the bot spent today, in minor units.')),
    spend_limit_reached: v.pipe(
      v.boolean(),
      v.description("Today's spend reached the daily limit of its conditions."),
    ),
    created_at: isoTime,
    updated_at: isoTime,
  }),
);

export const botListSchema = shapeOf<BotView[]>()(v.array(botSchema));

const integrationType = v.picklist(INTEGRATION_TYPES);

export const templateListSchema = shapeOf<Awaited<ReturnType<typeof listTemplates>>>()(
  v.array(
    v.object({
      id: v.pipe(v.string(), v.description('Pass it as `template_id` to `POST /api/bot`.')),
      industry: v.picklist(INDUSTRIES),
      name: v.string(),
      description: v.string(),
      lang: v.picklist(LANGUAGES),
      required_integrations: v.array(integrationType),
      missing_integrations: v.pipe(
        v.array(integrationType),
        v.description('Required integrations the account has not connected yet.'),
      ),
      available: v.pipe(v.boolean(), v.description('No integration is missing: a bot can be made from it.')),
      bot: v.pipe(botSettingsOutput, v.description('The settings a bot made from it starts with.')),
    }),
  ),
);
