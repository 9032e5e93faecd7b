import { crc32, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crcCombine, crcShift, gzipTemplate } from './gzip-template';

describe('gzip template', () => {
  it('combines CRC-32s as if computed over the concatenation', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.uint8Array({ maxLength: 3000 }), (a, b) => {
        const combined = crcCombine(crc32(a), crc32(b), crcShift(b.length));
        expect(combined).toBe(crc32(Buffer.concat([a, b])));
      }),
    );
  });

  it('decodes to the page with the fresh nonce in every place, checked by gunzip (CRC and size)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'binary', maxLength: 400 }), { minLength: 1, maxLength: 6 }),
        (texts) => {
          const old = 'OLDnonceOLDnonceOLDnonce';
          const template = gzipTemplate(texts.join(old), [old]);
          const fresh = 'FRESHnonceFRESHnonce+/ab';
          expect(gunzipSync(template.gzip([fresh])).toString()).toBe(texts.join(fresh));
          expect(template.text([fresh])).toBe(texts.join(fresh));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('handles a large page with many nonces and multi-byte text', () => {
    const page = Array.from({ length: 17 }, (_, i) => `<p>Rollator ${i} – 5″ wheels ${'x'.repeat(8000)}</p>`);
    const template = gzipTemplate(page.join('N0NCE'), ['N0NCE']);
    const body = template.gzip(['fresh-nonce-value']);
    expect(gunzipSync(body).toString()).toBe(page.join('fresh-nonce-value'));
    expect(body.length).toBeLessThan(page.join('').length / 20);
  });

  it('splices several marks, each with its own text of any length, in any order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ unit: 'binary', maxLength: 300 }), fc.nat(2)), { maxLength: 8 }),
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.array(fc.string({ unit: 'binary', maxLength: 90 }), { minLength: 3, maxLength: 3 }),
        (pieces, last, values) => {
          const marks = ['@@nonce@@', '@@name-html@@', '@@name-script@@'];
          fc.pre(![...pieces.map(([text]) => text), last].some((text) => text.includes('@@')));
          const page = pieces.map(([text, mark]) => text + marks[mark]).join('') + last;
          const expected = pieces.map(([text, mark]) => text + values[mark]).join('') + last;
          const template = gzipTemplate(page, marks);
          expect(gunzipSync(template.gzip(values)).toString()).toBe(expected);
          expect(template.text(values)).toBe(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});
