import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { fileResponse } from '../../http/file-response';
import { undocumented } from '../../openapi/describe';
import { openMediaLink } from '../../services/knowledge/media-link';
import { notFound } from '../../shared/app-error';

/** Public, signed links to the files bots send (media-link.ts): channels and customers fetch them. */
export const mediaRoutes = new Hono<AppEnv>().get(
  '/:fileId/:signature/:name',
  undocumented('Signed links to the files bots send, made by the product for channels and customers.'),
  async (c) => {
    const file = await openMediaLink(c.get('ports'), c.get('settings'), {
      fileId: c.req.param('fileId'),
      signature: c.req.param('signature'),
    });
    if (!file) throw notFound('file_not_found');
    return fileResponse(file, 3600);
  },
);
