import { describe, expect, it } from 'vitest';
import { INTEGRATION_TYPES } from '../../db/schema/integrations';
import { MODULES } from '../../functions/integrations/registry';
import { integrationTypeProblems } from '../../functions/shared/bot-integration-problems';
import { DEAL_MOVING_TYPES } from '../../functions/shared/crm';
import {
  ANSWERING_INTEGRATION_TYPES,
  CHANNEL_INTEGRATION_TYPES,
  connectionFields,
  DATA_SOURCE_INTEGRATION_TYPES,
  INTEGRATION_CATALOGUE,
} from '../../functions/shared/integration-catalogue';
import { defaultBotSettings } from '../../functions/shared/schemas/bot';
import type { BotAction } from '../../functions/shared/schemas/bot-actions';

const crm = (id: string, integrationId: string | null): BotAction => ({
  id,
  name: 'a',
  description: '',
  goal_prompt: 'g',
  type: 'set_task',
  settings: {
    integration_id: integrationId,
    task_type: 'call',
    text: '',
    deadline_minutes: 60,
    responsible_id: null,
  },
});

describe('integration types', () => {
  it('puts every §3 type in exactly one tab', () => {
    const grouped = [...CHANNEL_INTEGRATION_TYPES, ...DATA_SOURCE_INTEGRATION_TYPES];
    expect([...grouped].sort()).toEqual([...INTEGRATION_TYPES].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it('has a module for exactly the built types', () => {
    const built = INTEGRATION_CATALOGUE.filter((entry) => entry.built).map((entry) => entry.type);
    expect(MODULES.map((module) => module.type).sort()).toEqual(built.sort());
  });

  it('offers a paid link exactly the CRMs whose modules move deals', () => {
    const moving = MODULES.filter((module) => module.moveDeal).map((module) => module.type);
    expect(moving.sort()).toEqual([...DEAL_MOVING_TYPES].sort());
  });

  it('offers bots every channel, and never a model or a payment system, to answer in', () => {
    for (const type of CHANNEL_INTEGRATION_TYPES) expect(ANSWERING_INTEGRATION_TYPES).toContain(type);
    expect(ANSWERING_INTEGRATION_TYPES).not.toContain('chatgpt');
    expect(ANSWERING_INTEGRATION_TYPES).not.toContain('tbank');
  });

  it('never lists a field twice in one type, so no secret is also a shown setting', () => {
    for (const { type } of INTEGRATION_CATALOGUE) {
      const { settings, credentials, learned, serverSecrets } = connectionFields(type);
      const all = [...settings, ...credentials, ...learned, ...serverSecrets];
      expect(new Set(all).size, type).toBe(all.length);
    }
  });
});

describe('one account of each integration type per bot', () => {
  const types = new Map([
    ['amo-1', 'amocrm'],
    ['amo-2', 'amocrm'],
    ['tg-1', 'telegram'],
    ['tg-2', 'telegram'],
  ]);

  it('accepts one account per type, repeated references and plain channel names', () => {
    const bot = defaultBotSettings();
    bot.conditions.channels = ['check', 'onchat', 'tg-1', 'deleted-id'];
    bot.actions = [crm('1', 'amo-1'), crm('2', 'amo-1'), crm('3', null)];
    expect(integrationTypeProblems(bot, types)).toEqual([]);
  });

  it('reports each type with two accounts, at the reference that added the second', () => {
    const bot = defaultBotSettings();
    bot.conditions.channels = ['tg-1', 'tg-2'];
    bot.actions = [crm('1', 'amo-1'), crm('2', 'amo-2')];
    expect(integrationTypeProblems(bot, types, (type) => type.toUpperCase())).toEqual([
      { code: 'bot_integration_type_duplicate', path: 'conditions.channels', params: { name: 'TELEGRAM' } },
      {
        code: 'bot_integration_type_duplicate',
        path: 'actions.1.settings.integration_id',
        params: { name: 'AMOCRM' },
      },
    ]);
  });
});
