import { CloseButton, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BotSettings } from '../../../../../functions/shared/schemas/bot';
import { WEBHOOK_METHODS } from '../../../../../functions/shared/schemas/bot-actions';
import { BOT_STOP_PERIODS, MAX_STOP_SECONDS } from '../../../../../functions/shared/schemas/bot-conditions';
import { AppSelect } from '../../../components/AppSelect';
import { Counter } from '../../../components/Counter';
import { AddItemButton, removeAt, updateAt } from '../../../components/list-items';
import type { MentionOption } from '../../../components/MentionTextarea';
import { MentionTextarea } from '../../../components/MentionTextarea';
import { TextListEditor } from '../../../components/TextListEditor';
import { useT } from '../../../i18n/use-t';
import { DurationInput } from './DurationInput';
import { problemAt } from './draft';
import { IntegrationField } from './IntegrationField';

export type BotActionDraft = BotSettings['actions'][number];

interface ActionSettingsProps {
  action: BotActionDraft;
  /** The action's position in the list: problem paths are `actions.{index}.settings.*`. */
  index: number;
  onChange: ChangeAction;
  problems: Parameters<typeof problemAt>[0];
  mentions: readonly MentionOption[];
  variableNames: string[];
}

type ChangeAction = (action: BotActionDraft) => void;

/** Changes some of one action's settings: the rest of the action and its settings stay. */
function settingsChange<A extends BotActionDraft>(action: A, onChange: ChangeAction) {
  // The fields merged into A's settings are A's: the result is still an A.
  return (changes: Partial<A['settings']>) =>
    onChange({ ...action, settings: { ...action.settings, ...changes } } as A);
}

interface IntegrationSettingsProps {
  settings: { integration_id: string | null };
  change: (changes: { integration_id: string }) => void;
  error: (field: string) => string | undefined;
  children: ReactNode;
}

/** The settings of a type that works through an integration: the integration, then the type's own. */
function IntegrationSettings({ settings, change, error, children }: IntegrationSettingsProps) {
  return (
    <Stack gap="sm">
      <IntegrationField
        value={settings.integration_id}
        onChange={(integration_id) => change({ integration_id })}
        error={error('integration_id')}
      />
      {children}
    </Stack>
  );
}

interface ActionTextareaProps {
  label: string;
  description?: string;
  minRows: number;
  mentions: readonly MentionOption[];
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/** A text of an action (description, goal, field value, task text) with `@` variables. */
export function ActionTextarea({
  label,
  description,
  minRows,
  mentions,
  value,
  onChange,
  error,
}: ActionTextareaProps) {
  return (
    <MentionTextarea
      label={label}
      description={description}
      minRows={minRows}
      limit={1000}
      maxLength={2000}
      options={mentions}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

/** The settings that depend on what the action does (SPEC §5 rules per type). */
export function ActionSettings({
  action,
  index,
  onChange,
  problems,
  mentions,
  variableNames,
}: ActionSettingsProps) {
  const { t } = useT();
  const error = (field: string) => problemAt(problems, `actions.${index}.settings.${field}`, t);

  switch (action.type) {
    case null:
      return null;
    case 'stop_bot': {
      const { settings } = action;
      const change = settingsChange(action, onChange);
      return (
        <Stack gap="sm">
          <AppSelect
            label={t('bot.stop.period')}
            value={settings.period}
            data={BOT_STOP_PERIODS.map((period) => ({
              value: period,
              label: t(`bot.stop.period.${period}`),
            }))}
            onChange={(period) => change({ period })}
            maw={360}
          />
          {settings.period === 'for_time' && (
            <DurationInput
              label={t('bot.stop.period_time')}
              seconds={settings.seconds ?? 0}
              maxSeconds={MAX_STOP_SECONDS}
              onChange={(seconds) => change({ seconds })}
              error={error('seconds')}
            />
          )}
        </Stack>
      );
    }
    case 'webhook': {
      const { settings } = action;
      const change = settingsChange(action, onChange);
      const headers = settings.headers;
      const changeHeader = (h: number, changes: Partial<(typeof headers)[number]>) =>
        change({
          headers: updateAt(headers, h, (item) => ({ ...item, ...changes })),
        });
      return (
        <Stack gap="sm">
          <Group align="flex-start" wrap="nowrap">
            <AppSelect
              label={t('bot.action.webhook.method')}
              value={settings.method}
              data={WEBHOOK_METHODS.map((method) => ({ value: method, label: method }))}
              onChange={(method) => change({ method })}
              w={130}
            />
            <TextInput
              flex={1}
              label={t('bot.action.webhook.url')}
              placeholder="https://example.com/hook"
              value={settings.url}
              maxLength={2000}
              onChange={(event) => change({ url: event.currentTarget.value })}
              error={error('url')}
            />
          </Group>
          <Text size="sm" fw={500}>
            {t('bot.action.webhook.headers')}
          </Text>
          {headers.map((header, h) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: headers have no id; their name is being edited
            <Group key={h} gap="xs" wrap="nowrap" align="flex-start">
              <TextInput
                flex={1}
                aria-label={t('bot.action.webhook.header_name', { n: h + 1 })}
                placeholder="Authorization"
                value={header.name}
                onChange={(event) => changeHeader(h, { name: event.currentTarget.value })}
              />
              <TextInput
                flex={2}
                aria-label={t('bot.action.webhook.header_value', { n: h + 1 })}
                value={header.value}
                onChange={(event) => changeHeader(h, { value: event.currentTarget.value })}
                error={error(`headers.${h}.value`)}
              />
              <CloseButton
                mt={6}
                aria-label={t('list.remove_item', { n: h + 1 })}
                onClick={() => change({ headers: removeAt(headers, h) })}
              />
            </Group>
          ))}
          <AddItemButton
            disabled={headers.length >= 20}
            onClick={() => change({ headers: [...headers, { name: '', value: '' }] })}
          >
            {t('bot.action.webhook.add_header')}
          </AddItemButton>
          <MentionTextarea
            label={t('bot.action.webhook.body')}
            description={t('bot.action.webhook.body_hint')}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            minRows={3}
            limit={1000}
            maxLength={5000}
            options={mentions}
            value={settings.body_template}
            onChange={(body_template) => change({ body_template })}
            error={error('body_template')}
          />
        </Stack>
      );
    }
    case 'fill_variables': {
      const { settings } = action;
      return (
        <MultiSelect
          label={t('bot.action.fill_variables.variables')}
          description={variableNames.length === 0 ? t('bot.action.fill_variables.none') : undefined}
          placeholder={settings.variables.length === 0 ? t('select.placeholder') : undefined}
          nothingFoundMessage={t('select.nothing_found')}
          data={[...new Set([...variableNames, ...settings.variables])]}
          value={settings.variables}
          onChange={(variables) => settingsChange(action, onChange)({ variables })}
          error={error('variables')}
          searchable
        />
      );
    }
    case 'get_branches': {
      const change = settingsChange(action, onChange);
      return (
        <IntegrationSettings settings={action.settings} change={change} error={error}>
          <TextListEditor
            label={t('bot.action.branches')}
            description={t('bot.action.branches_hint')}
            values={action.settings.branches}
            onChange={(branches) => change({ branches })}
            addLabel={t('bot.action.add_branch')}
            max={100}
            maxLength={64}
          />
        </IntegrationSettings>
      );
    }
    case 'change_deal_status': {
      const { settings } = action;
      const change = settingsChange(action, onChange);
      return (
        <IntegrationSettings settings={settings} change={change} error={error}>
          <Group grow align="flex-start">
            <TextInput
              label={t('bot.action.pipeline')}
              value={settings.pipeline_id ?? ''}
              onChange={(event) => change({ pipeline_id: event.currentTarget.value || null })}
            />
            <TextInput
              label={t('bot.action.status')}
              value={settings.status_id ?? ''}
              onChange={(event) => change({ status_id: event.currentTarget.value || null })}
              error={error('status_id')}
            />
          </Group>
        </IntegrationSettings>
      );
    }
    case 'change_lead_field':
    case 'change_contact_field':
    case 'change_company_field': {
      const { settings } = action;
      const change = settingsChange(action, onChange);
      return (
        <IntegrationSettings settings={settings} change={change} error={error}>
          <TextInput
            label={t('bot.action.field')}
            value={settings.field}
            maxLength={200}
            onChange={(event) => change({ field: event.currentTarget.value })}
            error={error('field')}
          />
          <ActionTextarea
            label={t('bot.action.field_value')}
            minRows={1}
            mentions={mentions}
            value={settings.value}
            onChange={(value) => change({ value })}
            error={error('value')}
          />
        </IntegrationSettings>
      );
    }
    case 'set_task': {
      const { settings } = action;
      const change = settingsChange(action, onChange);
      return (
        <IntegrationSettings settings={settings} change={change} error={error}>
          <Group grow align="flex-start">
            <TextInput
              label={t('bot.action.task_type')}
              value={settings.task_type}
              maxLength={64}
              onChange={(event) => change({ task_type: event.currentTarget.value })}
              error={error('task_type')}
            />
            <Counter
              label={t('bot.action.task_deadline')}
              value={settings.deadline_minutes}
              max={60 * 24 * 365}
              onChange={(deadline_minutes) => change({ deadline_minutes })}
            />
          </Group>
          <ActionTextarea
            label={t('bot.action.task_text')}
            minRows={2}
            mentions={mentions}
            value={settings.text}
            onChange={(text) => change({ text })}
            error={error('text')}
          />
        </IntegrationSettings>
      );
    }
    case 'send_media':
      return (
        <Text size="sm" c={error('files') ? 'red' : 'dimmed'}>
          {t('bot.action.media_later')}
        </Text>
      );
    case 'booking':
      return (
        <Text size="sm" c="dimmed">
          {t('bot.action.booking_hint')}
        </Text>
      );
  }
}
