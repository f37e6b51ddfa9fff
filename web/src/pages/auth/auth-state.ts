import { useLocation } from 'react-router-dom';

/** What one auth screen hands the next through router state (never stored). */
export interface AuthState {
  email?: string;
  code?: string;
  /** A message from the server to show on arrival (code sent, e-mail confirmed, ...). */
  notice?: string;
  /** Whether `notice` reports a problem rather than a success. */
  noticeIsWarning?: boolean;
}

export function useAuthState(): AuthState {
  const state: unknown = useLocation().state;
  if (typeof state !== 'object' || state === null) return {};
  const record = state as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : undefined);
  return {
    email: text('email'),
    code: text('code'),
    notice: text('notice'),
    noticeIsWarning: record.noticeIsWarning === true,
  };
}
