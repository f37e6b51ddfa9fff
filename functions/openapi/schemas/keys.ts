import * as v from 'valibot';
import type { createKey, listKeys } from '../../services/keys/api-keys';
import { shapeOf } from '../shape-of';
import { isoTime } from './common';

const keyEntries = {
  id: v.string(),
  comment: v.string(),
  prefix: v.pipe(v.string(), v.description('The first characters of the key, to tell keys apart.')),
  created_at: isoTime,
  last_used_at: v.nullable(isoTime),
};

export const apiKeySchema = shapeOf<Awaited<ReturnType<typeof listKeys>>[number]>()(v.object(keyEntries));

export const apiKeyListSchema = shapeOf<Awaited<ReturnType<typeof listKeys>>>()(v.array(apiKeySchema));

export const newApiKeySchema = shapeOf<Awaited<ReturnType<typeof createKey>>>()(
  v.object({
    ...keyEntries,
    key: v.pipe(v.string(), v.description('The whole secret (`bk_…`). It is shown only in this answer.')),
  }),
);
