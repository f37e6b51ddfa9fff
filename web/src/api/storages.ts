import useSWR from 'swr';
import type { FileState, StorageType } from '../../../functions/shared/knowledge';
import { currentLanguage } from '../i18n/i18n';
import { ApiError, api, apiGet, toApiError } from './client';
import { getToken, useToken } from './session';
import { useApi } from './swr';

/** GET /api/storages item (functions/services/knowledge/views.ts). */
export interface StorageView {
  id: string;
  type: StorageType;
  name: string;
  description: string;
  size_bytes: number;
  files_count: number;
  created_at: string;
}

export interface StorageLimits {
  file_bytes: number;
  account_bytes: number;
  used_bytes: number;
  extensions: Record<StorageType, string[]>;
}

export interface StorageFileView {
  id: string;
  storage_id: string;
  name: string;
  description: string;
  size_bytes: number;
  content_type: string;
  state: FileState;
  error: string | null;
  progress: number;
  chunks: number;
  index_price_minor: number;
  created_at: string;
  indexed_at: string | null;
}

const STORAGES = '/api/storages';
const filesPath = (storageId: string) => `${STORAGES}/${encodeURIComponent(storageId)}/files`;

export function useStorages() {
  const swr = useApi<{ storages: StorageView[]; limits: StorageLimits }>(STORAGES);
  const create = async (input: { type: StorageType; name: string; description: string }) => {
    const created = await api<StorageView>('POST', STORAGES, input);
    await swr.mutate();
    return created;
  };
  const update = async (id: string, changes: { name?: string; description?: string }) => {
    await api<StorageView>('PATCH', `${STORAGES}/${encodeURIComponent(id)}`, changes);
    await swr.mutate();
  };
  const remove = async (id: string) => {
    await api<null>('DELETE', `${STORAGES}/${encodeURIComponent(id)}`);
    await swr.mutate();
  };
  return { ...swr, create, update, remove };
}

const busy = (files: StorageFileView[] | undefined) =>
  files?.some((file) => file.state === 'pending' || file.state === 'indexing') ?? false;

/** A storage's files; polled every two seconds while a document is being indexed. */
export function useStorageFiles(storageId: string | null) {
  const swr = useApi<StorageFileView[]>(storageId ? filesPath(storageId) : null, {
    refreshInterval: (files) => (busy(files) ? 2000 : 0),
  });
  const path = storageId ? filesPath(storageId) : '';
  const update = async (fileId: string, changes: { name?: string; description?: string }) => {
    await api<StorageFileView>('PATCH', `${path}/${encodeURIComponent(fileId)}`, changes);
    await swr.mutate();
  };
  const remove = async (fileId: string) => {
    await api<null>('DELETE', `${path}/${encodeURIComponent(fileId)}`);
    await swr.mutate();
  };
  const retry = async (fileId: string) => {
    await api<StorageFileView>('POST', `${path}/${encodeURIComponent(fileId)}/retry`);
    await swr.mutate();
  };
  return { ...swr, update, remove, retry };
}

/**
 * Uploads one file with XMLHttpRequest, the one browser API that reports upload progress
 * (`onProgress` gets 0..100). Rejects with the server's ApiError, as `api` does.
 */
export function uploadStorageFile(
  storageId: string,
  file: File,
  description: string,
  onProgress: (percent: number) => void,
): Promise<StorageFileView> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', filesPath(storageId));
    const token = getToken();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.setRequestHeader('accept-language', currentLanguage());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded * 100) / event.total));
    };
    request.onerror = () => reject(new ApiError(0, 'network_error', null));
    request.onload = () => {
      let body: unknown = null;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) resolve(body as StorageFileView);
      else reject(toApiError(request.status, body));
    };
    const form = new FormData();
    form.set('file', file);
    form.set('description', description);
    request.send(form);
  });
}

/** Every media storage with its files, for choosing what the media action sends. */
export function useMediaFiles() {
  const { data: listed } = useStorages();
  const media = (listed?.storages ?? []).filter((storage) => storage.type === 'media');
  const token = useToken();
  const key = listed && token ? ['media-files', media.map((storage) => storage.id).join(','), token] : null;
  return useSWR(key, () =>
    Promise.all(
      media.map(async (storage) => ({
        storage,
        files: await apiGet<StorageFileView[]>(filesPath(storage.id)),
      })),
    ),
  );
}
