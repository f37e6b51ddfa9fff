import { Button, Menu } from '@mantine/core';
import type { ChatStopView, PauseCode } from '../../api/chats';
import { useT } from '../../i18n/use-t';

/** SPEC §9 pause options of one chat: 10 minutes, 1 hour, 1 day, forever. */
const PAUSE_CODES: readonly PauseCode[] = [4, 3, 2, 1];

interface ChatPauseMenuProps {
  chat: ChatStopView;
  busy: boolean;
  onPause: (code: PauseCode | null) => void;
}

export function ChatPauseMenu({ chat, busy, onPause }: ChatPauseMenuProps) {
  const { t } = useT();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" loading={busy}>
          {t('chats.pause')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {PAUSE_CODES.map((code) => (
          <Menu.Item key={code} onClick={() => onPause(code)}>
            {t(`chats.pause.${code}`)}
          </Menu.Item>
        ))}
        {chat.state === 'paused' && (
          <>
            <Menu.Divider />
            <Menu.Item onClick={() => onPause(null)}>{t('chats.pause.resume')}</Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
