import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { deleteFile, listFiles, retryFile, updateFile, uploadFile } from '../../services/knowledge/files';
import { invalidFields } from '../../shared/app-error';
import { MAX_DESCRIPTION } from '../../shared/knowledge';
import { updateFileSchema } from '../../shared/schemas/storage';

export const listFilesHandlers = factory.createHandlers(async (c) =>
  c.json(await listFiles(accountContext(c), c.req.param('id') ?? '')),
);

/** multipart/form-data with `file` and an optional `description`. */
export const uploadFileHandlers = factory.createHandlers(async (c) => {
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
});

export const updateFileHandlers = factory.createHandlers(jsonBody(updateFileSchema), async (c) =>
  c.json(
    await updateFile(
      accountContext(c),
      c.req.param('id') ?? '',
      c.req.param('fileId') ?? '',
      c.req.valid('json'),
    ),
  ),
);

export const deleteFileHandlers = factory.createHandlers(async (c) => {
  await deleteFile(accountContext(c), c.req.param('id') ?? '', c.req.param('fileId') ?? '');
  return c.body(null, 204);
});

export const retryFileHandlers = factory.createHandlers(async (c) =>
  c.json(await retryFile(accountContext(c), c.req.param('id') ?? '', c.req.param('fileId') ?? '')),
);
