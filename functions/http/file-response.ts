import type { StoredObject } from '../ports/files';

/** Types a browser may show inline; anything else downloads, so no uploaded HTML or SVG runs on our origin. */
const INLINE = /^(image\/(jpeg|png|gif|webp)|application\/pdf|video\/(mp4|quicktime)|audio\/(mpeg|ogg|mp4))$/;

/** A stored file as an HTTP answer, with a safe type and disposition. */
export function fileResponse(file: StoredObject & { name: string }, cacheSeconds: number): Response {
  const inline = INLINE.test(file.contentType);
  const name = encodeURIComponent(file.name);
  return new Response(file.body as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': file.contentType,
      'content-length': String(file.body.byteLength),
      'content-disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${name}`,
      'x-content-type-options': 'nosniff',
      'cache-control': `private, max-age=${cacheSeconds}`,
    },
  });
}
