import { Group, Text } from '@mantine/core';
import { useT } from '../../i18n/use-t';
import { useNow } from './useNow';

/**
 * While an answer is due: the accumulation countdown (SPEC §4: the bot waits, the timer restarts
 * with each new message), then the bot typing, its dots moving every 250 ms (SPEC §9).
 */
export function TypingIndicator({ dueAt }: { dueAt: string }) {
  const { t } = useT();
  const now = useNow(true, 250);
  const seconds = Math.ceil((Date.parse(dueAt) - now) / 1000);
  const dots = '.'.repeat((Math.floor(now / 250) % 3) + 1);
  return (
    <Group gap="xs" role="status" aria-live="polite" data-testid="check-typing">
      <Text size="sm" c="dimmed">
        {seconds > 0 ? t('check.waiting', { seconds }) : t('check.typing')}
        <Text span inline w="1.5em" display="inline-block" aria-hidden>
          {dots}
        </Text>
      </Text>
    </Group>
  );
}
