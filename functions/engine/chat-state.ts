import type { Chat, ChatState, PauseCode } from '../../db/schema';
import type { BotStopPeriod } from '../shared/schemas/bot-conditions';

/** The columns that say whether the bot works in a chat. */
export interface ChatStop {
  state: ChatState;
  pausedUntil: Date | null;
  pauseCode: PauseCode | null;
  resumeOnMessage: boolean;
}

export const WORKING: ChatStop = {
  state: 'working',
  pausedUntil: null,
  pauseCode: null,
  resumeOnMessage: false,
};

/**
 * SPEC §4 stop periods: until the customer's next message (stopped, resumed by it), for a time
 * (paused until then, expiring on its own) or forever (stopped until someone starts it again).
 */
export function stopFor(period: BotStopPeriod, seconds: number | null, now: Date): ChatStop {
  if (period === 'until_next_message') return { ...WORKING, state: 'stopped', resumeOnMessage: true };
  if (period === 'forever') return { ...WORKING, state: 'stopped' };
  return { ...WORKING, state: 'paused', pausedUntil: new Date(now.getTime() + (seconds ?? 0) * 1000) };
}

const PAUSE_SECONDS: Readonly<Record<PauseCode, number | null>> = {
  1: null,
  2: 86_400,
  3: 3_600,
  4: 600,
};

/** A pause chosen by code in the chats screen (SPEC §4): 1 forever, 2 a day, 3 an hour, 4 ten minutes. */
export function pauseFor(code: PauseCode, now: Date, bulk = false): ChatStop {
  const seconds = code === 4 && bulk ? 1_800 : PAUSE_SECONDS[code];
  return {
    ...WORKING,
    state: 'paused',
    pauseCode: code,
    pausedUntil: seconds === null ? null : new Date(now.getTime() + seconds * 1000),
  };
}

/** The state as it is now: a pause whose time has passed has ended, without anyone writing it. */
export function effectiveState(chat: Pick<Chat, 'state' | 'pausedUntil'>, now: Date): ChatState {
  if (chat.state === 'paused' && chat.pausedUntil && chat.pausedUntil.getTime() <= now.getTime())
    return 'working';
  return chat.state;
}
