import type { ComponentType } from 'react';
import type { BotSettings } from '../../../../../../functions/shared/schemas/bot';
import type { ActionType } from '../../../../../../functions/shared/schemas/bot-actions';
import type { MentionOption } from '../../../../components/MentionTextarea';

export type BotActionDraft = BotSettings['actions'][number];

/** The settings of an action of one of the given types. */
export type SettingsOf<T extends ActionType> = Extract<BotActionDraft, { type: T }>['settings'];

/** What a settings component gets, for settings S. */
interface SettingsProps<S> {
  settings: S;
  /** Changes some of the settings: the rest of them and of the action stay. */
  change: (changes: Partial<S>) => void;
  /** The problem of one setting (`url`, `headers.0.value`): path `actions.{index}.settings.{field}`. */
  error: (field: string) => string | undefined;
  mentions: readonly MentionOption[];
  variableNames: string[];
  /** The bot's actions as they are being edited (a booking reads its Get branches action's choice). */
  actions: readonly BotActionDraft[];
}

/** What the settings component of the types T gets. */
export type TypeSettingsProps<T extends ActionType> = SettingsProps<SettingsOf<T>>;

export type TypeSettingsComponent<T extends ActionType> = ComponentType<TypeSettingsProps<T>>;
