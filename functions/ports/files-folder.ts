import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { checkKey, type Files, type StoredObject } from './files';

/**
 * The files port over a local folder (embedded shape, tests): the bytes in `<key>` and the content
 * type beside them in `<key>.type`.
 */
export class FolderFiles implements Files {
  constructor(private readonly root: string) {}

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    const path = join(this.root, checkKey(key));
    await mkdir(dirname(path), { recursive: true });
    await writeFile(`${path}.type`, contentType);
    await writeFile(path, body);
  }

  async get(key: string): Promise<StoredObject | null> {
    const path = join(this.root, checkKey(key));
    try {
      const [body, contentType] = await Promise.all([readFile(path), readFile(`${path}.type`, 'utf8')]);
      return { body: new Uint8Array(body), contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = join(this.root, checkKey(key));
    await rm(path, { force: true });
    await rm(`${path}.type`, { force: true });
  }
}
