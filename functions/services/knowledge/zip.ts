import { Inflate } from 'fflate';
import { MAX_UNPACKED_BYTES, MAX_ZIP_ENTRIES, UnreadableFile } from './limits';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** Compressed bytes given to the inflater at a time, so its output is checked often. */
const SLICE = 16 * 1024;

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

const damaged = () => new UnreadableFile('file_unreadable');
const tooLarge = () => new UnreadableFile('file_too_large_unpacked');

function endOfDirectory(view: DataView): number {
  const last = view.byteLength - 22;
  for (let at = last; at >= Math.max(0, last - 0xffff); at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  throw damaged();
}

/** The central directory's entries; zip64 archives (over 4 GB or 65 535 entries) are not documents we take. */
function directory(bytes: Uint8Array): Entry[] {
  if (bytes.byteLength < 22) throw damaged();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = endOfDirectory(view);
  const count = view.getUint16(end + 10, true);
  const offset = view.getUint32(end + 16, true);
  if (count === 0xffff || offset === 0xffffffff) throw tooLarge();
  if (count > MAX_ZIP_ENTRIES) throw tooLarge();
  const names = new TextDecoder();
  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.byteLength || view.getUint32(at, true) !== DIRECTORY_ENTRY) throw damaged();
    const nameLength = view.getUint16(at + 28, true);
    if ((view.getUint16(at + 8, true) & 1) !== 0) throw damaged(); // encrypted
    entries.push({
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      declaredSize: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
      name: names.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

function compressedData(bytes: Uint8Array, entry: Entry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + 30 > bytes.byteLength || view.getUint32(at, true) !== LOCAL_HEADER) throw damaged();
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.byteLength) throw damaged();
  return bytes.subarray(start, start + entry.compressedSize);
}

/** Inflates at most `budget` bytes: the stream is fed in slices and stopped once it produces more. */
function inflateWithin(data: Uint8Array, budget: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let size = 0;
  const inflater = new Inflate((part) => {
    size += part.length;
    if (size > budget) throw tooLarge();
    parts.push(part);
  });
  if (data.length === 0) inflater.push(data, true);
  for (let at = 0; at < data.length; at += SLICE) {
    inflater.push(data.subarray(at, at + SLICE), at + SLICE >= data.length);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The wanted entries of a zip (DOCX, XLSX), unpacked within `budget` bytes in total. The central
 * directory's declared sizes are summed and refused first; inflation is then capped as it runs,
 * since a directory can lie, and an entry whose real size differs from the declared one is damaged.
 */
export function unzipWithin(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
  budget = MAX_UNPACKED_BYTES,
): Map<string, Uint8Array> {
  const entries = directory(bytes).filter((entry) => wanted(entry.name));
  const declared = entries.reduce((sum, entry) => sum + entry.declaredSize, 0);
  if (declared > budget) throw tooLarge();
  const files = new Map<string, Uint8Array>();
  let used = 0;
  for (const entry of entries) {
    const data = compressedData(bytes, entry);
    let content: Uint8Array;
    if (entry.method === 0) {
      if (used + data.length > budget) throw tooLarge();
      content = data.slice();
    } else if (entry.method === 8) {
      content = inflateWithin(data, budget - used);
    } else throw damaged();
    if (content.length !== entry.declaredSize) throw damaged();
    used += content.length;
    files.set(entry.name, content);
  }
  return files;
}
