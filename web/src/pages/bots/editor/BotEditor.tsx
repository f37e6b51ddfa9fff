import { Anchor, Badge, Group, Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { BotProblem } from '../../../../../functions/shared/bot-problems';
import type { BotSettings } from '../../../../../functions/shared/schemas/bot';
import { type BotView, useBots } from '../../../api/bots';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { notifySuccess, notifyWarning } from '../../../components/notify';
import { t as translate } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { PATHS } from '../../../routes/paths';
import { ActionsTab } from './ActionsTab';
import { AdditionalTab } from './AdditionalTab';
import { AutomationTab } from './AutomationTab';
import { BasicTab } from './BasicTab';
import { ConditionsTab } from './ConditionsTab';
import { BOT_TABS, type BotTab, mentionOptions, settingsOf, tabOf, useBotDraft } from './draft';
import { EditorFooter } from './EditorFooter';
import { useLeaveGuard } from './useLeaveGuard';

interface BotEditorProps {
  /** The bot being edited; null for /bots/new. */
  bot: BotView | null;
  initial: BotSettings;
}

const TAB_CONTENT = {
  basic: BasicTab,
  conditions: ConditionsTab,
  automation: AutomationTab,
  actions: ActionsTab,
  additional: AdditionalTab,
} as const;

/** The bot editor: five tabs over one draft, the live problems and Save in the footer. */
export function BotEditor({ bot, initial }: BotEditorProps) {
  const { t } = useT();
  const navigate = useNavigate();
  const { create, update } = useBots();
  const { draft, dirty, problems, set, reset } = useBotDraft(initial);
  const [tab, setTab] = useState<BotTab>('basic');
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<unknown>(null);
  const { blocker, allowNext } = useLeaveGuard(dirty);
  const mentions = mentionOptions(draft, t);

  const save = async () => {
    setSaving(true);
    setServerError(null);
    try {
      const saved = bot ? await update(bot.id, draft) : await create(draft);
      reset(settingsOf(saved));
      notifySuccess(translate(bot ? 'bot.saved' : 'bot.created'));
      if (bot?.is_work && !saved.is_work) notifyWarning(translate('bot.switched_off'));
      if (!bot) {
        allowNext();
        navigate(`${PATHS.bots}/${saved.id}`, { replace: true });
      }
    } catch (error) {
      setServerError(error);
    } finally {
      setSaving(false);
    }
  };

  const showProblem = (problem: BotProblem) => {
    setTab(tabOf(problem.path));
    if (!problem.path) return;
    // The field the problem is about gets the focus once its tab is on screen.
    window.setTimeout(() => {
      const field = document.querySelector<HTMLElement>('[aria-invalid="true"]');
      field?.focus();
    }, 50);
  };

  const title = bot ? bot.name.trim() || t('bot.untitled') : t('bot.new_title');

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Anchor component={Link} to={PATHS.bots} size="sm">
          {t('section.go_bots')}
        </Anchor>
        <Group gap="sm">
          <Title order={2}>{title}</Title>
          {bot && (
            <Badge color={bot.is_work ? 'green' : 'gray'} variant="light">
              {bot.is_work ? t('bots.status.on') : t('bots.status.off')}
            </Badge>
          )}
        </Group>
      </Stack>
      <Tabs
        value={tab}
        onChange={(value) => {
          const next = BOT_TABS.find((item) => item === value);
          if (next) setTab(next);
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {BOT_TABS.map((item) => {
            const count = problems.filter((problem) => tabOf(problem.path) === item).length;
            return (
              <Tabs.Tab
                key={item}
                value={item}
                rightSection={
                  count > 0 ? (
                    <Badge size="xs" circle color="yellow" aria-label={t('bots.problems_count', { count })}>
                      {count}
                    </Badge>
                  ) : undefined
                }
              >
                {t(`bot.tab.${item}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {BOT_TABS.map((item) => {
          const Content = TAB_CONTENT[item];
          return (
            <Tabs.Panel key={item} value={item} pt="lg">
              <Content draft={draft} set={set} problems={problems} mentions={mentions} />
            </Tabs.Panel>
          );
        })}
      </Tabs>
      <EditorFooter
        problems={problems}
        onShowProblem={showProblem}
        serverError={serverError}
        dirty={dirty}
        saving={saving}
        canSave={!bot || dirty}
        onSave={save}
      />
      <ConfirmModal
        opened={blocker.state === 'blocked'}
        title={t('bot.leave.title')}
        confirmLabel={t('bot.leave.confirm')}
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        {t('bot.leave.text')}
      </ConfirmModal>
    </Stack>
  );
}
