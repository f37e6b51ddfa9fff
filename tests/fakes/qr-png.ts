import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * A QR-looking PNG as messengers push them (a `data:image/png;base64,…` URL): a real, decodable
 * PNG of 29×29 modules (finder squares in three corners, the rest drawn from `seed`), so pages
 * show an image and each seed gives a different one. It encodes nothing.
 */

const MODULES = 29;
const SCALE = 8;
const QUIET = 2;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const inFinder = (x: number, y: number) => {
  for (const [fx, fy] of [
    [0, 0],
    [MODULES - 7, 0],
    [0, MODULES - 7],
  ] as const) {
    const dx = x - fx;
    const dy = y - fy;
    if (dx >= 0 && dx < 7 && dy >= 0 && dy < 7) {
      const ring = Math.min(dx, dy, 6 - dx, 6 - dy);
      return { inside: true, dark: ring !== 1 };
    }
  }
  return { inside: false, dark: false };
};

export function fakeQrPng(seed: string): string {
  const bits = createHash('sha512').update(seed).digest();
  const dark = (x: number, y: number) => {
    const finder = inFinder(x, y);
    if (finder.inside) return finder.dark;
    const index = (y * MODULES + x) % (bits.length * 8);
    return (((bits[index >> 3] as number) >> (index & 7)) & 1) === 1;
  };
  const side = (MODULES + 2 * QUIET) * SCALE;
  const rows: Buffer[] = [];
  for (let py = 0; py < side; py++) {
    const row = Buffer.alloc(side + 1, 0xff);
    row[0] = 0; // filter: none
    for (let px = 0; px < side; px++) {
      const x = Math.floor(px / SCALE) - QUIET;
      const y = Math.floor(py / SCALE) - QUIET;
      if (x >= 0 && y >= 0 && x < MODULES && y < MODULES && dark(x, y)) row[px + 1] = 0;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}
