import { checkKey, type Files, type StoredObject } from './files';

/** The part of Workers' R2Bucket binding used here (so this file compiles without Workers types). */
export interface R2BucketLike {
  put(
    key: string,
    value: Uint8Array,
    options?: { httpMetadata?: { contentType?: string } },
  ): Promise<unknown>;
  get(
    key: string,
  ): Promise<{ arrayBuffer(): Promise<ArrayBuffer>; httpMetadata?: { contentType?: string } } | null>;
  delete(key: string): Promise<void>;
}

/** The files port over a Cloudflare R2 bucket binding (production; wrangler.toml binds FILES). */
export class R2Files implements Files {
  constructor(private readonly bucket: R2BucketLike) {}

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    await this.bucket.put(checkKey(key), body, { httpMetadata: { contentType } });
  }

  async get(key: string): Promise<StoredObject | null> {
    const object = await this.bucket.get(checkKey(key));
    if (!object) return null;
    return {
      body: new Uint8Array(await object.arrayBuffer()),
      contentType: object.httpMetadata?.contentType ?? 'application/octet-stream',
    };
  }

  async delete(key: string): Promise<void> {
    await this.bucket.delete(checkKey(key));
  }
}
