import { crc32, deflateRawSync, constants } from 'node:zlib';

/**
 * A page that is the same for every visitor of a kind but for a few short texts (its CSP nonce,
 * a signed-in shopper's name), kept compressed.
 *
 * Compressing 130 KB of HTML costs about a millisecond per response, which alone would cap a
 * cached page far below what the cache is for. So the parts between the nonces are deflated
 * once, each ending on a byte boundary with no reference into another part (sync flush,
 * separate streams); a response is those blocks with the fresh texts between them as stored
 * (uncompressed) blocks, one final empty block and the gzip trailer. The trailer's CRC-32 is
 * combined from the parts' CRCs (zlib's crc32_combine), so no response reads all its bytes.
 */
export interface GzipTemplate {
  /** The page with `values[i]` in every place the template's `marks[i]` was; gzip-encoded. */
  gzip(values: readonly string[]): Buffer;
  /** The same page, not encoded. */
  text(values: readonly string[]): string;
}

const POLY = 0xedb88320;

/** (a * b) modulo the CRC-32 polynomial, over GF(2), in zlib's reflected representation. */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

// X2N[k] = x^(2^k) modulo the polynomial.
const X2N: number[] = [0x40000000];
for (let k = 1; k < 32; k++) X2N.push(multModP(X2N[k - 1] ?? 0, X2N[k - 1] ?? 0));

/** The operator that shifts a CRC past `length` more bytes: x^(8 * length) modulo the polynomial. */
export function crcShift(length: number): number {
  let p = 0x80000000;
  for (let n = length, k = 3; n > 0; n = Math.floor(n / 2), k++) {
    if (n & 1) p = multModP(X2N[k & 31] ?? 0, p);
  }
  return p;
}

/** CRC-32 of A followed by B, from CRC(A), CRC(B) and crcShift(length of B). */
export function crcCombine(crcA: number, crcB: number, shiftB: number): number {
  return (multModP(shiftB, crcA) ^ crcB) >>> 0;
}

/**
 * Shifting a CRC is linear over GF(2), so for a fixed shift it is four table lookups (one per
 * byte of the CRC) instead of up to 32 steps: worth it on a path taken on every response.
 */
function shiftTable(shift: number): (crc: number) => number {
  const table = new Uint32Array(1024);
  for (let byte = 0; byte < 4; byte++) {
    for (let value = 0; value < 256; value++)
      table[byte * 256 + value] = multModP(shift, (value << (8 * byte)) >>> 0);
  }
  return (crc) =>
    ((table[crc & 255] ?? 0) ^
      (table[256 + ((crc >>> 8) & 255)] ?? 0) ^
      (table[512 + ((crc >>> 16) & 255)] ?? 0) ^
      (table[768 + (crc >>> 24)] ?? 0)) >>>
    0;
}

/** A gzip member's header: deflate, no name or time, unknown system. */
export const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final, empty block with fixed Huffman codes. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

interface Part {
  deflated: Buffer;
  crc: number;
  /** Moves a CRC past this part. */
  shiftPast: (crc: number) => number;
  length: number;
}

function storedBlock(data: Buffer): Buffer {
  const block = Buffer.alloc(5 + data.length);
  block[0] = 0; // not final, stored; we are on a byte boundary after a sync flush
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

/**
 * Splits `html` at each occurrence of any of `marks` (distinct strings, none inside another)
 * and compresses the parts between them once.
 */
export function gzipTemplate(html: string, marks: readonly string[]): GzipTemplate {
  const texts: string[] = [];
  /** Which mark stood after each part but the last. */
  const between: number[] = [];
  const pattern = new RegExp(marks.map((mark) => mark.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  let start = 0;
  for (const match of html.matchAll(pattern)) {
    texts.push(html.slice(start, match.index));
    between.push(marks.indexOf(match[0]));
    start = match.index + match[0].length;
  }
  texts.push(html.slice(start));
  const parts: Part[] = texts.map((text) => {
    const bytes = Buffer.from(text);
    return {
      deflated: deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
      crc: crc32(bytes),
      shiftPast: shiftTable(crcShift(bytes.length)),
      length: bytes.length,
    };
  });
  const staticLength = parts.reduce((sum, p) => sum + p.length, 0);
  // By length: nonces all have one, names a few; a table is made on first use.
  const shifts = new Map<number, (crc: number) => number>();
  const shiftFor = (length: number) => {
    let shift = shifts.get(length);
    if (!shift) {
      shift = shiftTable(crcShift(length));
      shifts.set(length, shift);
    }
    return shift;
  };

  return {
    text: (values) => texts.reduce((page, text, index) => page + values[between[index - 1] ?? 0] + text),
    gzip(values) {
      const inserts = values.map((value) => {
        const bytes = Buffer.from(value);
        if (bytes.length > 0xffff) throw new Error('a spliced text is too long');
        return {
          block: storedBlock(bytes),
          crc: crc32(bytes),
          shiftPast: shiftFor(bytes.length),
          length: bytes.length,
        };
      });
      const chunks: Buffer[] = [GZIP_HEADER];
      let crc = 0;
      let length = staticLength;
      parts.forEach((part, index) => {
        if (index > 0) {
          const insert = inserts[between[index - 1] ?? 0];
          if (!insert) throw new Error('a spliced text is missing');
          chunks.push(insert.block);
          crc = (insert.shiftPast(crc) ^ insert.crc) >>> 0;
          length += insert.length;
        }
        chunks.push(part.deflated);
        crc = index === 0 ? part.crc : (part.shiftPast(crc) ^ part.crc) >>> 0;
      });
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc, 0);
      trailer.writeUInt32LE(length % 0x100000000, 4);
      chunks.push(FINAL_BLOCK, trailer);
      return Buffer.concat(chunks);
    },
  };
}
