import type { Files } from '../../ports/files';

const PDF = 'application/pdf';

/** Renders in flight in this process, by key: parallel first downloads share one rendering. */
const rendering = new Map<string, Promise<Uint8Array>>();

/**
 * An issued document's PDF (an invoice, an act) as stored under `key`; rendered once, on the first
 * download, then served from storage. An issued document never changes, so the bytes stay right.
 */
export async function storedDocument(
  files: Files,
  key: string,
  render: () => Promise<Uint8Array>,
): Promise<Uint8Array> {
  // In flight first: a store being written is not read half-way.
  const pending = rendering.get(key);
  if (pending) return pending;
  const stored = await files.get(key);
  if (stored) return stored.body;
  const again = rendering.get(key);
  if (again) return again;
  const made = (async () => {
    const pdf = await render();
    await files.put(key, pdf, PDF);
    return pdf;
  })();
  rendering.set(key, made);
  try {
    return await made;
  } finally {
    rendering.delete(key);
  }
}
