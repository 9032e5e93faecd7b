import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A passkey authenticator in Node (ES256, attestation "none"), for integration tests over
 * HTTP: it answers WebAuthn options as a browser's authenticator would, with or without the
 * "user verified" (UV) flag, signing the authenticator data so the server checks a real signature.
 */
export interface SoftwareAuthenticator {
  /** The registration response (JSON form) to options from generate-register-options. */
  register(options: { challenge: string }, userVerified?: boolean): unknown;
  /** The authentication response (JSON form) to options from generate-authenticate-options. */
  authenticate(options: { challenge: string }, userVerified: boolean): unknown;
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** Just enough CBOR (RFC 8949) for attestation objects and COSE keys. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) {
    const parts: Uint8Array[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: unsupported ${typeof value}`);
}

export function softwareAuthenticator(origin: string): SoftwareAuthenticator {
  const rpIdHash = createHash('sha256').update(new URL(origin).hostname).digest();
  const credentialId = randomBytes(16);
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  let counter = 0;

  const flagsOf = (userVerified: boolean, attested: boolean) =>
    0x01 | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0);
  const counterBytes = () => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(++counter);
    return b;
  };
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    register({ challenge }, userVerified = true) {
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = cbor(
        new Map<number, unknown>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        rpIdHash,
        Buffer.from([flagsOf(userVerified, true)]),
        counterBytes(),
        Buffer.alloc(16),
        idLength,
        credentialId,
        cose,
      ]);
      const attestation = cbor(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', challenge)),
          attestationObject: b64url(attestation),
          transports: ['internal'],
        },
      };
    },
    authenticate({ challenge }, userVerified) {
      const authData = Buffer.concat([rpIdHash, Buffer.from([flagsOf(userVerified, false)]), counterBytes()]);
      const data = clientData('webauthn.get', challenge);
      const signed = Buffer.concat([authData, createHash('sha256').update(data).digest()]);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(sign('sha256', signed, privateKey as KeyObject)),
        },
      };
    },
  };
}
