import { describe, expect, it } from 'vitest';
import {
  HealthDataKeyError,
  HealthDataKeyring,
  newHealthDataKey,
  parseHealthDataKeys,
} from './health-data-keys.server';

const first = newHealthDataKey('k1');
const second = newHealthDataKey('k2');

describe('health data keys', () => {
  it('seals text and bytes so they open only with their key and their context', () => {
    const ring = HealthDataKeyring.from(first);
    const sealed = ring.sealText('G47.33', 'prescriptions.diagnosis:rx-1');
    expect(sealed).toMatch(/^hd1\.k1\./);
    expect(sealed).not.toContain('G47');
    expect(ring.openText(sealed, 'prescriptions.diagnosis:rx-1')).toBe('G47.33');
    // Another row or column: refused, never a wrong plaintext.
    expect(() => ring.openText(sealed, 'prescriptions.diagnosis:rx-2')).toThrow(HealthDataKeyError);
    const file = new TextEncoder().encode('%PDF-1.7 prescription');
    const box = ring.sealBytes(file, 'prescriptions.bytes:rx-1');
    expect(Buffer.from(box).includes(Buffer.from('prescription'))).toBe(false);
    expect(Buffer.from(ring.openBytes(box, 'prescriptions.bytes:rx-1')).toString()).toBe(
      '%PDF-1.7 prescription',
    );
    // Two seals of one value differ (a fresh IV each time): equal values are not visible as such.
    expect(ring.sealText('G47.33', 'c')).not.toBe(ring.sealText('G47.33', 'c'));
  });

  it('refuses a changed ciphertext', () => {
    const ring = HealthDataKeyring.from(first);
    const parts = ring.sealText('Dr. Ada Lovelace', 'ctx').split('.');
    const ciphertext = Buffer.from(parts[3]!, 'base64url');
    ciphertext[0] = ciphertext[0]! ^ 1;
    parts[3] = ciphertext.toString('base64url');
    expect(() => ring.openText(parts.join('.'), 'ctx')).toThrow(/did not open/);
    expect(() => ring.openText('plain text', 'ctx')).toThrow(/not a sealed value/);
  });

  it('rotates: the first key seals, every configured key opens, a missing key is named', () => {
    const old = HealthDataKeyring.from(first);
    const sealedOld = old.sealText('E11.9', 'ctx');
    const rotated = HealthDataKeyring.from(`${second},${first}`);
    expect(rotated.openText(sealedOld, 'ctx')).toBe('E11.9');
    const sealedNew = rotated.sealText('E11.9', 'ctx');
    expect(HealthDataKeyring.keyIdOf(sealedNew)).toBe('k2');
    expect(HealthDataKeyring.keyIdOf(rotated.sealBytes(new Uint8Array([1, 2]), 'b'))).toBe('k2');
    expect(() => old.openText(sealedNew, 'ctx')).toThrow(/key "k2", which HEALTH_DATA_KEY does not hold/);
  });

  it('checks HEALTH_DATA_KEY without repeating its secret', () => {
    const short = `k1:${Buffer.alloc(16).toString('base64')}`;
    expect(() => parseHealthDataKeys(short)).toThrow('HEALTH_DATA_KEY: key "k1" must be 32 bytes in base64');
    expect(() => parseHealthDataKeys('no-colon-here')).toThrow(/key 1 must be written id:base64/);
    expect(() => parseHealthDataKeys(`${first},${first}`)).toThrow(/each key needs its own id/);
    expect(() => parseHealthDataKeys(' , ')).toThrow(/at least one key/);
    try {
      parseHealthDataKeys(short);
    } catch (error) {
      expect(String(error)).not.toContain(short.split(':')[1]);
    }
  });
});
