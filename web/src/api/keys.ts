import { api } from './client';
import { useApi } from './swr';

/** GET /api/keys item (functions/services/keys/api-keys.ts publicKey). */
export interface ApiKeyView {
  id: string;
  comment: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
}

/** POST /api/keys answer: the only time the secret is ever shown. */
export interface CreatedApiKey extends ApiKeyView {
  key: string;
}

const KEYS_PATH = '/api/keys';

export function useApiKeys() {
  const swr = useApi<ApiKeyView[]>(KEYS_PATH);
  const create = async (comment: string) => {
    const created = await api<CreatedApiKey>('POST', KEYS_PATH, { comment });
    await swr.mutate();
    return created;
  };
  const updateComment = async (id: string, comment: string) => {
    await api<ApiKeyView>('PATCH', `${KEYS_PATH}/${encodeURIComponent(id)}`, { comment });
    await swr.mutate();
  };
  const remove = async (id: string) => {
    await api<null>('DELETE', `${KEYS_PATH}/${encodeURIComponent(id)}`);
    await swr.mutate((list) => list?.filter((key) => key.id !== id), { revalidate: true });
  };
  return { ...swr, create, updateComment, remove };
}
