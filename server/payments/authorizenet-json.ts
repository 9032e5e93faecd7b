/** Shared by charges and refunds: the configuration, amounts, and reading Authorize.Net's JSON safely. */

export interface AuthorizeNetConfig {
  apiLoginId: string;
  transactionKey: string;
  endpoint: string;
  /** Whole-call limit (connect, answer and body). Default 30 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Integer cents to Authorize.Net's decimal string without floating point: 12345 -> "123.45". */
export function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0)
    throw new RangeError('amountCents must be a positive integer');
  const digits = String(cents).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Printable text only, single-spaced, cut to the schema's maximum length. */
export function clean(value: string, max: number): string {
  return value
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

// ---- Reading the answer (every field is optional: trust nothing) ----

export function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

/** The JSON API sends lists as arrays; tolerate a lone object too. */
export function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * A gateway text the shopper may see, or undefined. Some Authorize.Net errors quote the value that
 * failed schema validation (E00003 "The value '4111...' is invalid"), so any text holding one of the
 * secrets, a run of three or more digits, or a schema reference is dropped.
 */
export function shopperText(raw: string | undefined, secrets: string[]): string | undefined {
  if (raw === undefined) return undefined;
  const message = clean(raw, 200);
  if (!message || /\d{3,}/.test(message) || /xsd|schema/i.test(message)) return undefined;
  if (secrets.some((secret) => secret.length > 0 && message.includes(secret))) return undefined;
  return message;
}
