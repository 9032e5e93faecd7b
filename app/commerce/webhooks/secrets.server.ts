import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * An endpoint's signing secret: `whsec_` and 24 random bytes in base64, as the Standard Webhooks
 * libraries read it. The admin sees it once, when the endpoint is made. Signing needs it back,
 * so it cannot be a hash: it is sealed (AES-256-GCM) under a key derived from AUTH_SECRET,
 * which is not in the database, so a copy of the database (a backup) does not give it away
 * (the spirit of docs/decisions/0039).
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

function keyOf(authSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, 'webhooks', 'webhook endpoint secret', 32));
}

export function sealWebhookSecret(secret: string, authSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(authSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

/** Throws when the seal does not open (AUTH_SECRET changed since): the delivery fails, saying so. */
export function openWebhookSecret(sealed: string, authSecret: string): string {
  const raw = Buffer.from(sealed.replace(/^v1\./, ''), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(authSecret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
