import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { INTEGRATION_TYPES, type IntegrationType } from '../../db/schema/integrations';
import { BOT_TEMPLATES } from '../../db/seed/templates';
import { translate } from '../../functions/i18n/translate';
import { missingIntegrations, templateSettings } from '../../functions/services/bots/templates';
import {
  BOT_PROBLEM_CODES,
  type BotProblem,
  botProblems,
  placeholdersIn,
} from '../../functions/shared/bot-problems';
import { INDUSTRIES } from '../../functions/shared/constants';
import { sharedMessages } from '../../functions/shared/messages';
import { botSettingsSchema, defaultBotSettings, withChanges } from '../../functions/shared/schemas/bot';

/** A bot without problems, with `changes` (validated as the API would) on top. */
function bot(changes: Record<string, unknown> = {}) {
  const base = withChanges(defaultBotSettings(), {
    name: 'Салон',
    system_prompt: 'Ты администратор салона.',
  });
  return withChanges(base, v.parse(botSettingsSchema, changes));
}

const codes = (problems: BotProblem[]) => problems.map((problem) => problem.code);
const action = (fields: Record<string, unknown>) => ({
  name: 'Действие',
  goal_prompt: 'Когда нужно',
  ...fields,
});

describe('bot settings problems (SPEC §5)', () => {
  it('a new bot needs a name and a system prompt; a filled one has no problems', () => {
    expect(botProblems(defaultBotSettings())).toEqual([
      { code: 'bot_name_required', path: 'name' },
      { code: 'bot_system_prompt_required', path: 'system_prompt' },
    ]);
    expect(botProblems(bot({ name: '   ', system_prompt: '\n ' }))).toHaveLength(2);
    expect(botProblems(bot())).toEqual([]);
  });

  it('each variable needs an English name and a description; names are not repeated', () => {
    const problems = botProblems(
      bot({
        custom_variables: [
          { name: '', description: 'Имя' },
          { name: 'телефон', description: 'Телефон' },
          { name: 'visit time', description: 'Когда' },
          { name: 'city', description: '' },
          { name: 'city', description: 'Город' },
          { name: 'order_2', description: 'Заказ' },
        ],
      }),
    );
    expect(problems).toEqual([
      { code: 'bot_variable_name_required', path: 'custom_variables.0.name', params: { n: 1 } },
      {
        code: 'bot_variable_name_english',
        path: 'custom_variables.1.name',
        params: { n: 2, name: 'телефон' },
      },
      {
        code: 'bot_variable_name_english',
        path: 'custom_variables.2.name',
        params: { n: 3, name: 'visit time' },
      },
      { code: 'bot_variable_description_required', path: 'custom_variables.3.description', params: { n: 4 } },
      {
        code: 'bot_variable_name_duplicate',
        path: 'custom_variables.4.name',
        params: { n: 5, name: 'city' },
      },
    ]);
  });

  it('flags {{placeholders}} that name no variable, in every text', () => {
    const problems = botProblems(
      bot({
        system_prompt: 'Клиент {{ name }} из {{city}}, сегодня {{current_date}}, {{name}} ещё раз',
        goal_prompt: 'Записать {{service}}',
        stop_message: 'Минуту, {{client_name}} {{manager}}',
        stop_task: 'Перезвонить {{phone}}',
        contact_info: 'Адрес: {{address}}',
        restoring_dialogue: { enabled: true, prompt: 'Напомни про {{offer}}' },
        custom_variables: [{ name: 'name', description: 'Имя' }],
        actions: [
          action({
            type: 'webhook',
            description: 'Отправляет {{lead}}',
            goal_prompt: 'Когда есть {{name}} и {{budget}}',
            settings: {
              url: 'https://crm.example.com/hook/{{deal_id}}',
              headers: [{ name: 'X-Token', value: '{{token}}' }],
              body_template: '{"name": "{{name}}", "phone": "{{phone}}"}',
            },
          }),
          action({
            type: 'set_task',
            settings: { integration_id: 'i1', task_type: 'call', text: '{{task_text}}' },
          }),
          action({
            type: 'change_lead_field',
            settings: { integration_id: 'i1', field: 'f', value: '{{amount}}' },
          }),
        ],
      }),
    );
    expect(problems.map((p) => [p.path, p.params?.name])).toEqual([
      ['system_prompt', 'city'],
      ['goal_prompt', 'service'],
      ['stop_message', 'manager'],
      ['stop_task', 'phone'],
      ['contact_info', 'address'],
      ['restoring_dialogue.prompt', 'offer'],
      ['actions.0.description', 'lead'],
      ['actions.0.goal_prompt', 'budget'],
      ['actions.0.settings.url', 'deal_id'],
      ['actions.0.settings.headers.0.value', 'token'],
      ['actions.0.settings.body_template', 'phone'],
      ['actions.1.settings.text', 'task_text'],
      ['actions.2.settings.value', 'amount'],
    ]);
    expect(new Set(codes(problems))).toEqual(new Set(['bot_placeholder_unknown']));
    expect(placeholdersIn('{{a}} {{ b }} {{a}} {{}} {single}')).toEqual(['a', 'b']);
  });

  it('each action needs a name, a goal and a chosen type', () => {
    const problems = botProblems(bot({ actions: [{ name: '', goal_prompt: ' ', type: null }] }));
    expect(problems).toEqual([
      { code: 'bot_action_name_required', path: 'actions.0.name', params: { n: 1 } },
      { code: 'bot_action_goal_required', path: 'actions.0.goal_prompt', params: { n: 1 } },
      { code: 'bot_action_type_required', path: 'actions.0.type', params: { n: 1 } },
    ]);
  });

  it('the webhook URL is required and must be a valid web address', () => {
    const urlProblems = (url: string) =>
      codes(botProblems(bot({ actions: [action({ type: 'webhook', settings: { url } })] })));
    expect(urlProblems('')).toEqual(['bot_webhook_url_required']);
    for (const url of [
      'example',
      'ftp://example.com/x',
      'https://exa mple.com',
      'http://localhost',
      'javascript:alert(1)',
    ])
      expect(urlProblems(url)).toEqual(['bot_webhook_url_invalid']);
    expect(urlProblems('https://hooks.example.com/in?x=1')).toEqual([]);
  });

  it('the stop-bot action needs a time value unless it stops forever or until the next message', () => {
    const stop = (settings: Record<string, unknown>) =>
      codes(botProblems(bot({ actions: [action({ type: 'stop_bot', settings })] })));
    expect(stop({})).toEqual(['bot_stop_time_required']);
    expect(stop({ period: 'for_time', seconds: 0 })).toEqual(['bot_stop_time_required']);
    expect(stop({ period: 'for_time', seconds: 600 })).toEqual([]);
    expect(stop({ period: 'forever' })).toEqual([]);
    expect(stop({ period: 'until_next_message' })).toEqual([]);
  });

  it('fill-variables needs declared variables to fill', () => {
    const fill = (variables: string[]) =>
      botProblems(
        bot({
          custom_variables: [{ name: 'phone', description: 'Телефон' }],
          actions: [action({ type: 'fill_variables', settings: { variables } })],
        }),
      );
    expect(codes(fill([]))).toEqual(['bot_fill_variables_required']);
    expect(fill(['phone', 'current_date'])).toEqual([
      {
        code: 'bot_placeholder_unknown',
        path: 'actions.0.settings.variables.1',
        params: { name: 'current_date' },
      },
    ]);
    expect(fill(['phone'])).toEqual([]);
  });

  it('a payment link that moves a deal once paid needs the status to move it to', () => {
    const link = (settings: Record<string, unknown>) =>
      botProblems(
        bot({ actions: [action({ type: 'payment_link', settings: { integration_id: 't1', ...settings } })] }),
      );
    expect(link({})).toEqual([]);
    expect(link({ paid_integration_id: 'crm1', paid_pipeline_id: '1' })).toEqual([
      { code: 'bot_deal_status_required', path: 'actions.0.settings.paid_status_id', params: { n: 1 } },
    ]);
    expect(link({ paid_integration_id: 'crm1', paid_pipeline_id: '1', paid_status_id: '3' })).toEqual([]);
  });

  it('CRM actions need an integration and their values', () => {
    const crm = (type: string, settings: Record<string, unknown>) =>
      codes(botProblems(bot({ actions: [action({ type, settings })] })));
    expect(crm('get_branches', {})).toEqual(['bot_action_integration_required']);
    expect(crm('get_branches', { integration_id: 'i1' })).toEqual([]);
    expect(crm('change_deal_status', { integration_id: 'i1' })).toEqual(['bot_deal_status_required']);
    expect(crm('change_deal_status', { status_id: '142' })).toEqual(['bot_action_integration_required']);
    expect(crm('change_deal_status', { integration_id: 'i1', pipeline_id: '1', status_id: '142' })).toEqual(
      [],
    );
    for (const type of ['change_lead_field', 'change_contact_field', 'change_company_field']) {
      expect(crm(type, { integration_id: 'i1' })).toEqual(['bot_field_required', 'bot_field_value_required']);
      expect(crm(type, { integration_id: 'i1', field: 'budget' })).toEqual(['bot_field_value_required']);
      expect(crm(type, { integration_id: 'i1', value: '5000' })).toEqual(['bot_field_required']);
      expect(crm(type, { integration_id: 'i1', field: 'budget', value: '5000' })).toEqual([]);
    }
    expect(crm('set_task', { integration_id: 'i1' })).toEqual(['bot_task_type_required']);
    expect(crm('set_task', { integration_id: 'i1', task_type: 'call' })).toEqual([]);
    expect(crm('send_media', {})).toEqual(['bot_media_files_required']);
    expect(crm('send_media', { files: ['f1'] })).toEqual([]);
  });

  it('a booking needs its integration, and a Calendly booking (an event type) no branches', () => {
    expect(
      codes(botProblems(bot({ actions: [action({ type: 'booking', settings: { event_type: 'et' } })] }))),
    ).toEqual(['bot_action_integration_required']);
    const calendly = action({
      type: 'booking',
      settings: { integration_id: 'c1', event_type: 'https://x/et/1' },
    });
    expect(botProblems(bot({ actions: [calendly] }))).toEqual([]);
  });

  it('branch-dependent actions need a Get branches action with branches chosen', () => {
    const booking = action({ type: 'booking', settings: { integration_id: 'i1' } });
    const branches = (chosen: string[]) =>
      action({ type: 'get_branches', settings: { integration_id: 'i1', branches: chosen } });
    expect(botProblems(bot({ actions: [booking] }))).toEqual([
      { code: 'bot_branches_required', path: 'actions.0.type', params: { n: 1 } },
    ]);
    expect(codes(botProblems(bot({ actions: [branches([]), booking] })))).toEqual(['bot_branches_required']);
    expect(botProblems(bot({ actions: [booking, branches(['814'])] }))).toEqual([]);
  });

  it('stop logic, work time, trigger phrases and the follow-up must be usable when switched on', () => {
    expect(botProblems(bot({ stop_logic: { bot_stop_period_seconds: 0 } }))).toEqual([
      { code: 'bot_stop_period_time_required', path: 'stop_logic.bot_stop_period_seconds' },
    ]);
    expect(
      botProblems(bot({ stop_logic: { bot_stop_period: 'forever', bot_stop_period_seconds: 0 } })),
    ).toEqual([]);
    const closedWeek = Object.fromEntries(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, { enabled: false }]),
    );
    expect(
      codes(botProblems(bot({ conditions: { work_time: { enabled: true, days: closedWeek } } }))),
    ).toEqual(['bot_work_time_days_required']);
    expect(botProblems(bot({ conditions: { work_time: { enabled: false, days: closedWeek } } }))).toEqual([]);
    expect(codes(botProblems(bot({ conditions: { process_messages_enabled: true } })))).toEqual([
      'bot_process_messages_required',
    ]);
    expect(
      botProblems(bot({ conditions: { process_messages_enabled: true, process_messages: ['скидка'] } })),
    ).toEqual([]);
    expect(codes(botProblems(bot({ restoring_dialogue: { enabled: true } })))).toEqual([
      'bot_restoring_prompt_required',
    ]);
  });

  it('every problem code has Russian and English text that fills its params', () => {
    for (const code of BOT_PROBLEM_CODES) {
      expect(sharedMessages[code].ru).toBeTruthy();
      expect(sharedMessages[code].en).toBeTruthy();
      for (const lang of ['ru', 'en'] as const)
        expect(translate(code, lang, { n: 2, name: 'city' })).not.toMatch(/\{\w+\}/);
    }
    expect(translate('bot_variable_name_english', 'ru', { n: 1, name: 'телефон' })).toBe(
      'Переменная «телефон»: название должно быть на английском (латинские буквы, цифры и _)',
    );
  });
});

describe('bot templates', () => {
  const everything = {
    byType: new Map<IntegrationType, string>(INTEGRATION_TYPES.map((type) => [type, `${type}-id`])),
    // A connected salon's learned branches: a template's Get branches offers them all.
    branchesById: new Map([['yclients-id', ['101', '102']]]),
  };

  it('cover each of the 15 industries of SPEC §3 with unique ids', () => {
    expect(BOT_TEMPLATES.map((template) => template.industry).sort()).toEqual([...INDUSTRIES].sort());
    expect(new Set(BOT_TEMPLATES.map((template) => template.id)).size).toBe(BOT_TEMPLATES.length);
  });

  it.each(
    BOT_TEMPLATES.flatMap((template) =>
      (['ru', 'en'] as const).map((lang) => [template.id, lang, template] as const),
    ),
  )('%s (%s) is valid, complete and has no problems', (_id, lang, template) => {
    const content = template[lang];
    expect(content.system_prompt.length).toBeGreaterThan(800);
    expect(content.goal_prompt.length).toBeGreaterThan(40);
    expect(content.custom_variables.length).toBeGreaterThan(2);
    expect(content.actions.length).toBeGreaterThan(1);
    expect(content.description).not.toBe('');
    if (lang === 'en')
      expect(`${content.system_prompt}${content.goal_prompt}${content.name}`).not.toMatch(/[а-яё]/i);
    else expect(content.system_prompt).toMatch(/[а-яё]/i);

    const settings = templateSettings(template, lang, everything);
    expect(settings.name).toBe(content.name);
    expect(codes(botProblems(settings))).toEqual([]);
    for (const type of template.required_integrations)
      expect(JSON.stringify(settings.actions)).toContain(`${type}-id`);
  });

  it('a salon template works with Altegio as with YCLIENTS, and asks for branches none were learned', () => {
    const salon = BOT_TEMPLATES.find((template) => template.industry === 'beauty');
    if (!salon) throw new Error('no beauty template');
    const altegioOnly = {
      byType: new Map<IntegrationType, string>([['altegio', 'altegio-id']]),
      branchesById: new Map(),
    };
    expect(missingIntegrations(salon, altegioOnly)).toEqual([]);
    expect(missingIntegrations(salon, { byType: new Map(), branchesById: new Map() })).toEqual(['yclients']);
    const settings = templateSettings(salon, 'ru', altegioOnly);
    const booking = settings.actions.find((action) => action.type === 'booking');
    expect(booking?.settings).toMatchObject({ integration_id: 'altegio-id' });
    expect(codes(botProblems(settings))).toEqual(['bot_branches_required']);
  });
});
