import * as v from 'valibot';
import { MAX_DESCRIPTION, MAX_FILE_NAME, MAX_STORAGE_NAME, STORAGE_TYPES } from '../knowledge';
import { looseString, msg, requiredText } from './fields';

export const createStorageSchema = v.object({
  type: v.picklist(STORAGE_TYPES, msg('invalid_value')),
  name: requiredText('storage_name_required', MAX_STORAGE_NAME),
  description: v.pipe(looseString(MAX_DESCRIPTION), v.trim()),
});

export const updateStorageSchema = v.object({
  name: v.optional(requiredText('storage_name_required', MAX_STORAGE_NAME)),
  description: v.optional(v.pipe(looseString(MAX_DESCRIPTION), v.trim())),
});

export const updateFileSchema = v.object({
  name: v.optional(requiredText('file_name_required', MAX_FILE_NAME)),
  description: v.optional(v.pipe(looseString(MAX_DESCRIPTION), v.trim())),
});

export type CreateStorageInput = v.InferOutput<typeof createStorageSchema>;
