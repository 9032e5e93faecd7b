import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/*
 * Health data at rest (issue 35, docs/decisions/0062): diagnosis codes, prescription files and
 * prescriber details are sealed with AES-256-GCM before they reach the database, so its file,
 * its WAL and its backups hold only ciphertext. Each sealed value names the key it was sealed
 * with, so several keys can be configured at once and an operator can rotate: new values take
 * the first key, old ones still open with theirs until the rotation re-seals them.
 *
 * A value's row and column are bound to it as GCM's additional data (`context`): a ciphertext
 * copied into another row or column does not open there.
 */

export const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The text form's prefix and version: `hd1.<key id>.<iv>.<ciphertext>.<tag>`, base64url parts. */
const TEXT_PREFIX = 'hd1';
/** The binary form's first byte (version 1), then the key id's length and bytes, iv, tag, ciphertext. */
const BINARY_VERSION = 1;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

export class HealthDataKeyError extends Error {
  override name = 'HealthDataKeyError';
}

export interface HealthDataKey {
  id: string;
  key: Buffer;
}

/**
 * `HEALTH_DATA_KEY`: one key or several, comma-separated, each `id:base64` of 32 bytes; the
 * first seals, every one opens. Throws a message naming what is wrong, never the key.
 */
export function parseHealthDataKeys(value: string): HealthDataKey[] {
  const keys = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part, index) => {
      const colon = part.indexOf(':');
      const id = colon > 0 ? part.slice(0, colon) : '';
      if (!KEY_ID.test(id)) {
        throw new HealthDataKeyError(
          `HEALTH_DATA_KEY: key ${index + 1} must be written id:base64 (the id of letters, digits, - or _)`,
        );
      }
      const key = Buffer.from(part.slice(colon + 1), 'base64');
      if (key.length !== KEY_BYTES) {
        throw new HealthDataKeyError(`HEALTH_DATA_KEY: key "${id}" must be ${KEY_BYTES} bytes in base64`);
      }
      return { id, key };
    });
  if (keys.length === 0) throw new HealthDataKeyError('HEALTH_DATA_KEY: give at least one key');
  if (new Set(keys.map((k) => k.id)).size !== keys.length) {
    throw new HealthDataKeyError('HEALTH_DATA_KEY: each key needs its own id');
  }
  return keys;
}

/** A new key in `HEALTH_DATA_KEY`'s form: what an operator adds first to rotate. */
export function newHealthDataKey(id: string): string {
  if (!KEY_ID.test(id)) throw new HealthDataKeyError('a key id is letters, digits, - or _ (at most 32)');
  return `${id}:${randomBytes(KEY_BYTES).toString('base64')}`;
}

export class HealthDataKeyring {
  readonly current: HealthDataKey;
  readonly #byId: Map<string, Buffer>;

  constructor(keys: readonly HealthDataKey[]) {
    const [current] = keys;
    if (!current) throw new HealthDataKeyError('HEALTH_DATA_KEY: give at least one key');
    this.current = current;
    this.#byId = new Map(keys.map((k) => [k.id, k.key]));
  }

  static from(value: string): HealthDataKeyring {
    return new HealthDataKeyring(parseHealthDataKeys(value));
  }

  /** Seals bytes (a prescription's file): the binary form, for a bytes column. */
  sealBytes(plain: Uint8Array, context: string): Uint8Array {
    const { iv, ciphertext, tag } = this.#seal(plain, context);
    const id = Buffer.from(this.current.id, 'ascii');
    return Buffer.concat([Buffer.from([BINARY_VERSION, id.length]), id, iv, tag, ciphertext]);
  }

  /** Seals a text (a diagnosis code, a prescriber's name): the text form, for a text column. */
  sealText(plain: string, context: string): string {
    const { iv, ciphertext, tag } = this.#seal(Buffer.from(plain, 'utf8'), context);
    return [TEXT_PREFIX, this.current.id, iv, ciphertext, tag]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  sealTextOrNull(plain: string | null, context: string): string | null {
    return plain === null ? null : this.sealText(plain, context);
  }

  openBytes(sealed: Uint8Array, context: string): Uint8Array {
    const data = Buffer.from(sealed);
    if (data[0] !== BINARY_VERSION) throw new HealthDataKeyError('not a sealed value');
    const idLength = data[1] ?? 0;
    const id = data.subarray(2, 2 + idLength).toString('ascii');
    const ivStart = 2 + idLength;
    const iv = data.subarray(ivStart, ivStart + IV_BYTES);
    const tag = data.subarray(ivStart + IV_BYTES, ivStart + IV_BYTES + TAG_BYTES);
    return this.#open(id, iv, data.subarray(ivStart + IV_BYTES + TAG_BYTES), tag, context);
  }

  openText(sealed: string, context: string): string {
    const [prefix, id = '', iv = '', ciphertext = '', tag = '', ...rest] = sealed.split('.');
    if (prefix !== TEXT_PREFIX || rest.length > 0) throw new HealthDataKeyError('not a sealed value');
    const part = (text: string) => Buffer.from(text, 'base64url');
    return Buffer.from(this.#open(id, part(iv), part(ciphertext), part(tag), context)).toString('utf8');
  }

  /** The id of the key a sealed value names (the rotation re-seals those not under `current`). */
  static keyIdOf(sealed: Uint8Array | string): string | undefined {
    if (typeof sealed === 'string') {
      const [prefix, id] = sealed.split('.');
      return prefix === TEXT_PREFIX ? id : undefined;
    }
    if (sealed[0] !== BINARY_VERSION) return undefined;
    return Buffer.from(sealed.subarray(2, 2 + (sealed[1] ?? 0))).toString('ascii');
  }

  #seal(plain: Uint8Array, context: string) {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
    return { iv, ciphertext, tag: cipher.getAuthTag() };
  }

  #open(id: string, iv: Buffer, ciphertext: Buffer, tag: Buffer, context: string): Uint8Array {
    const key = this.#byId.get(id);
    if (!key) throw new HealthDataKeyError(`sealed with key "${id}", which HEALTH_DATA_KEY does not hold`);
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
      throw new HealthDataKeyError('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    } catch {
      // Tampered, or copied from another row or column: never a wrong plaintext.
      throw new HealthDataKeyError('a sealed value did not open: it was changed or belongs elsewhere');
    }
  }
}
