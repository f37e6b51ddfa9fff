import type {
  AssistantProposal,
  AssistantRequestType,
  ProposalField,
} from '../../../functions/shared/assistant';
import type { Currency } from '../../../functions/shared/constants';
import { api } from './client';
import { useApi } from './swr';

/** A Rex dialogue in the history (SPEC §2: dialog ID, creation date, last message date, request type). */
export interface AssistantDialogView {
  id: string;
  request_type: AssistantRequestType;
  bot_id: string | null;
  created_at: string;
  last_message_at: string;
}

export interface AssistantMessageView {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  proposal: AssistantProposal | null;
  price_minor: number | null;
  currency: Currency | null;
  created_at: string;
}

const DIALOGS = '/api/assistant/dialogs';
const dialogPath = (id: string) => `${DIALOGS}/${encodeURIComponent(id)}`;

export function useAssistantDialogs(page: number) {
  return useApi<{ items: AssistantDialogView[]; page: number; pages: number; total: number }>(
    `${DIALOGS}?page=${page}`,
  );
}

export function useAssistantDialog(id: string | null) {
  const swr = useApi<AssistantDialogView & { messages: AssistantMessageView[] }>(id ? dialogPath(id) : null);
  const path = id ? dialogPath(id) : '';
  const send = async (text: string) => {
    await api<AssistantMessageView>('POST', `${path}/messages`, { text });
    await swr.mutate();
  };
  const accept = async (messageId: string, fields: ProposalField[]) => {
    const done = await api<{ bot_id: string }>(
      'POST',
      `${path}/messages/${encodeURIComponent(messageId)}/accept`,
      {
        fields,
      },
    );
    await swr.mutate();
    return done;
  };
  const reject = async (messageId: string) => {
    await api('POST', `${path}/messages/${encodeURIComponent(messageId)}/reject`);
    await swr.mutate();
  };
  return { ...swr, send, accept, reject };
}

export const startAssistantDialog = (requestType: AssistantRequestType, botId?: string) =>
  api<AssistantDialogView>('POST', DIALOGS, {
    request_type: requestType,
    ...(botId ? { bot_id: botId } : {}),
  });
