import type { ActionType } from '../../../../../functions/shared/schemas/bot-actions';
import type { MentionOption } from '../../../components/MentionTextarea';
import { useT } from '../../../i18n/use-t';
import { ACTION_SETTINGS, type BotActionDraft, type TypeSettingsComponent } from './actions';
import { problemAt } from './draft';

export type { BotActionDraft } from './actions';

interface ActionSettingsProps {
  action: BotActionDraft;
  /** The action's position in the list: problem paths are `actions.{index}.settings.*`. */
  index: number;
  onChange: (action: BotActionDraft) => void;
  problems: Parameters<typeof problemAt>[0];
  mentions: readonly MentionOption[];
  variableNames: string[];
  actions: readonly BotActionDraft[];
}

/** The settings that depend on what the action does: its type's component from `ACTION_SETTINGS`. */
export function ActionSettings({
  action,
  index,
  onChange,
  problems,
  mentions,
  variableNames,
  actions,
}: ActionSettingsProps) {
  const { t } = useT();
  if (action.type === null) return null;
  // The component is the one of the action's type, so the action's settings are the ones it takes.
  const Settings = ACTION_SETTINGS[action.type] as TypeSettingsComponent<ActionType>;
  return (
    <Settings
      settings={action.settings}
      change={(changes) =>
        // The fields merged into the settings are the type's own: the result is the same type of action.
        onChange({ ...action, settings: { ...action.settings, ...changes } } as BotActionDraft)
      }
      error={(field) => problemAt(problems, `actions.${index}.settings.${field}`, t)}
      mentions={mentions}
      variableNames={variableNames}
      actions={actions}
    />
  );
}
