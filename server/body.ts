/**
 * A Buffer as a response body without a copy. Node's Buffer is a Uint8Array, which a Response
 * accepts; TypeScript's DOM types only refuse it for its wider `ArrayBufferLike` backing store.
 */
export const asBody = (buffer: Buffer): BodyInit => buffer as unknown as Uint8Array<ArrayBuffer>;
