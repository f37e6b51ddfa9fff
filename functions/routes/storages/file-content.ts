import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { fileResponse } from '../../http/file-response';
import { describe } from '../../openapi/describe';
import { ownFile } from '../../services/knowledge/files';
import { storedFile } from '../../services/knowledge/media-link';
import { notFound } from '../../shared/app-error';

/** The file itself, for its owner (preview and download in the storage modal). */
export const fileContentHandlers = factory.createHandlers(
  describe({
    tag: 'Knowledge',
    summary: 'Download a file',
    description:
      "The file's bytes with its content type (images, PDF, audio and video inline, anything else as an attachment).",
    ok: { description: 'The file.' },
    errors: ['not_found'],
  }),
  async (c) => {
    const ctx = accountContext(c);
    const file = await ownFile(ctx, c.req.param('id') ?? '', c.req.param('fileId') ?? '');
    const stored = await storedFile(ctx.ports, file.id, ctx.account.id);
    if (!stored) throw notFound('file_not_found');
    return fileResponse(stored, 0);
  },
);
