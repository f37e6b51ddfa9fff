/** A stored object's bytes and type. */
export interface StoredObject {
  body: Uint8Array;
  contentType: string;
}

/**
 * Object storage for uploaded files (ARCHITECTURE §2): R2 in production, a folder under DATA_DIR
 * in the embedded shape, a temporary folder in tests. Keys are ours (`<account>/<file id>`), never
 * a user's file name.
 */
export interface Files {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** Null when nothing is stored under the key. */
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Object keys are made of ids only; anything else is refused before it reaches a store. */
export function checkKey(key: string): string {
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(key)) throw new Error(`Invalid object key: ${key}`);
  return key;
}
