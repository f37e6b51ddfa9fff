import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { type Balance, useBalance } from '../../api/balance';
import { useBots } from '../../api/bots';
import { AppSelect } from '../../components/AppSelect';
import { ErrorModal } from '../../components/ErrorModal';
import { PageLoader } from '../../components/FullScreenLoader';
import { SectionPlaceholder } from '../../components/SectionPlaceholder';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';
import { CheckChat } from './CheckChat';

/** Bots answer only above the currency minimum (SPEC §8 balance warning); a failed load says nothing. */
function BalanceWarning({ balance }: { balance: Balance | undefined }) {
  const { t, lang } = useT();
  if (!balance || balance.total_minor >= balance.minimum_minor) return null;
  return (
    <Alert color="red" variant="light" data-testid="check-balance-warning">
      {t('check.low_balance', {
        total: formatMoney(balance.total_minor, balance.currency, lang),
        minimum: formatMoney(balance.minimum_minor, balance.currency, lang),
      })}{' '}
      <Anchor component={Link} to={PATHS.balance} size="sm">
        {t('check.top_up')}
      </Anchor>
    </Alert>
  );
}

/** /check: pick a bot and write to it as a customer would. */
export function CheckPage() {
  const { t } = useT();
  const { data: bots, error, mutate } = useBots();
  const { data: balance, mutate: reloadBalance } = useBalance();
  const [params, setParams] = useSearchParams();

  if (!bots) return error ? <ErrorModal error={error} onRetry={() => mutate()} /> : <PageLoader />;
  if (bots.length === 0) {
    return (
      <SectionPlaceholder
        title={t('section.check.title')}
        emptyTitle={t('section.check.empty_title')}
        description={t('section.check.description')}
        action={{ label: t('bots.create'), to: PATHS.botNew }}
      />
    );
  }

  const chosen = bots.find((bot) => bot.id === params.get('bot')) ?? bots[0];
  const name = (bot: (typeof bots)[number]) => bot.name.trim() || t('bot.untitled');

  return (
    <Stack gap="lg" maw={820}>
      <Title order={2}>{t('section.check.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('check.hint')}
      </Text>
      <AppSelect
        label={t('check.bot')}
        value={chosen?.id ?? null}
        data={bots.map((bot) => ({ value: bot.id, label: name(bot) }))}
        onChange={(id) => setParams({ bot: id }, { replace: true })}
        maw={420}
        searchable
      />
      <BalanceWarning balance={balance} />
      {chosen && !chosen.is_work && (
        <Alert color="yellow" variant="light" data-testid="check-bot-off">
          {chosen.problems.length > 0 ? t('check.bot_has_problems') : t('check.bot_off')}{' '}
          <Anchor component={Link} to={`${PATHS.bots}/${chosen.id}`} size="sm">
            {t('check.open_settings')}
          </Anchor>
        </Alert>
      )}
      {chosen && <CheckChat key={chosen.id} bot={chosen} onAnswer={() => void reloadBalance()} />}
    </Stack>
  );
}
