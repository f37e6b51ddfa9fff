import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { fileListSchema, fileSchema } from '../../openapi/schemas/knowledge';
import { deleteFile, listFiles, retryFile, updateFile, uploadFile } from '../../services/knowledge/files';
import { invalidFields } from '../../shared/app-error';
import { MAX_DESCRIPTION } from '../../shared/knowledge';
import { updateFileSchema } from '../../shared/schemas/storage';

export const listFilesHandlers = factory.createHandlers(
  describe({
    tag: 'Knowledge',
    summary: 'List the files of a storage',
    description: 'Oldest first, each with its indexing state.',
    ok: { description: 'The files.', schema: fileListSchema },
    errors: ['not_found'],
  }),
  async (c) => c.json(await listFiles(accountContext(c), c.req.param('id') ?? '')),
);

/** multipart/form-data with `file` and an optional `description`. */
export const uploadFileHandlers = factory.createHandlers(
  describe({
    tag: 'Knowledge',
    summary: 'Upload a file',
    description:
      "The file's extension must be one the storage type takes (see the limits of List storages). A document in a vector storage is indexed in the background: follow its `state`.",
    requestBody: {
      description: 'The file and an optional description.',
      contentType: 'multipart/form-data',
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: { type: 'string', format: 'binary' },
          description: { type: 'string', maxLength: MAX_DESCRIPTION },
        },
      },
    },
    ok: { status: 201, description: 'The stored file.', schema: fileSchema },
    errors: ['not_found', 'storages_limit', 'storage_quota', 'knowledge_unavailable'],
  }),
  async (c) => {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw invalidFields({ file: 'invalid_value' });
    }
    const file = form.get('file');
    if (!(file instanceof File)) throw invalidFields({ file: 'invalid_value' });
    const description = form.get('description');
    if (description !== null && (typeof description !== 'string' || description.length > MAX_DESCRIPTION)) {
      throw invalidFields({ description: 'too_long' });
    }
    const uploaded = await uploadFile(accountContext(c), c.req.param('id') ?? '', {
      name: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
      description: (description ?? '').replaceAll('\u0000', '').trim(),
    });
    return c.json(uploaded, 201);
  },
);

export const updateFileHandlers = factory.createHandlers(
  describe({
    tag: 'Knowledge',
    summary: 'Rename or describe a file',
    description: 'A new name keeps the extension.',
    ok: { description: 'The file.', schema: fileSchema },
    errors: ['not_found'],
  }),
  jsonBody(updateFileSchema),
  async (c) =>
    c.json(
      await updateFile(
        accountContext(c),
        c.req.param('id') ?? '',
        c.req.param('fileId') ?? '',
        c.req.valid('json'),
      ),
    ),
);

export const deleteFileHandlers = factory.createHandlers(
  describe({
    tag: 'Knowledge',
    summary: 'Delete a file',
    ok: { status: 204, description: 'Deleted.' },
    errors: ['not_found'],
  }),
  async (c) => {
    await deleteFile(accountContext(c), c.req.param('id') ?? '', c.req.param('fileId') ?? '');
    return c.body(null, 204);
  },
);

export const retryFileHandlers = factory.createHandlers(
  describe({
    tag: 'Knowledge',
    summary: 'Index a failed file again',
    description: 'A file that is not failed is answered as it is.',
    ok: { description: 'The file.', schema: fileSchema },
    errors: ['not_found', 'knowledge_unavailable'],
  }),
  async (c) =>
    c.json(await retryFile(accountContext(c), c.req.param('id') ?? '', c.req.param('fileId') ?? '')),
);
