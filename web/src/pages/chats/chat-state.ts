import type { ChatState } from '../../api/chats';

export const STATE_COLORS: Readonly<Record<ChatState, string>> = {
  working: 'green',
  stopped: 'red',
  paused: 'yellow',
};
