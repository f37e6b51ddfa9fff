import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Profile } from '../../api/profile';
import { daysUntil, formatDate } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';

/** Demo is active while demo_till is today or later (SPEC §4); the banner says until when. */
export function DemoBanner({ profile }: { profile: Profile }) {
  const { t, lang } = useT();
  const days = daysUntil(profile.demo_till);
  // Nothing to say for an account that never had a demo date in range.
  if (Number.isNaN(days)) return null;
  const active = days >= 0;
  return (
    <Alert
      color={active ? 'blue' : 'yellow'}
      variant="light"
      mb="md"
      data-testid="demo-banner"
      title={active ? t('demo.active_title') : t('demo.ended_title')}
    >
      <Text size="sm">
        {active
          ? t('demo.active_text', { date: formatDate(profile.demo_till, lang), days })
          : t('demo.ended_text', { date: formatDate(profile.demo_till, lang) })}{' '}
        <Anchor component={Link} to={PATHS.balance} size="sm">
          {t('demo.choose_plan')}
        </Anchor>
      </Text>
    </Alert>
  );
}
