import { crc32, deflateRawSync, constants } from 'node:zlib';

/**
 * A page that is the same for every anonymous visitor but for its CSP nonce, kept compressed.
 *
 * Compressing 130 KB of HTML costs about a millisecond per response, which alone would cap a
 * cached page far below what the cache is for. So the parts between the nonces are deflated
 * once, each ending on a byte boundary with no reference into another part (sync flush,
 * separate streams); a response is those blocks with the fresh nonce between them as stored
 * (uncompressed) blocks, one final empty block and the gzip trailer. The trailer's CRC-32 is
 * combined from the parts' CRCs (zlib's crc32_combine), so no response reads all its bytes.
 */
export interface GzipTemplate {
  /** The page with `nonce` in every place the template's nonce was; gzip-encoded. */
  gzip(nonce: string): Buffer;
  /** The same page, not encoded. */
  text(nonce: string): string;
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

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final, empty block with fixed Huffman codes. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

interface Part {
  deflated: Buffer;
  crc: number;
  shift: number;
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

/** Splits `html` at each occurrence of `nonce` and compresses the parts once. */
export function gzipTemplate(html: string, nonce: string): GzipTemplate {
  const texts = html.split(nonce);
  const parts: Part[] = texts.map((text) => {
    const bytes = Buffer.from(text);
    return {
      deflated: deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
      crc: crc32(bytes),
      shift: crcShift(bytes.length),
      length: bytes.length,
    };
  });
  const staticLength = parts.reduce((sum, p) => sum + p.length, 0);

  return {
    text: (fresh) => texts.join(fresh),
    gzip(fresh) {
      const nonceBytes = Buffer.from(fresh);
      if (nonceBytes.length > 0xffff) throw new Error('nonce too long');
      const nonceBlock = storedBlock(nonceBytes);
      const nonceCrc = crc32(nonceBytes);
      const nonceShift = crcShift(nonceBytes.length);
      const chunks: Buffer[] = [GZIP_HEADER];
      let crc = 0;
      parts.forEach((part, index) => {
        if (index > 0) {
          chunks.push(nonceBlock);
          crc = crcCombine(crc, nonceCrc, nonceShift);
        }
        chunks.push(part.deflated);
        crc = index === 0 ? part.crc : crcCombine(crc, part.crc, part.shift);
      });
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc, 0);
      trailer.writeUInt32LE((staticLength + nonceBytes.length * (parts.length - 1)) % 0x100000000, 4);
      chunks.push(FINAL_BLOCK, trailer);
      return Buffer.concat(chunks);
    },
  };
}
