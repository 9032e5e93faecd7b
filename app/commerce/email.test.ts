import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, emailSchema, INVALID_EMAIL_MESSAGE, lowercaseEmailSchema } from './email';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('the email schema', () => {
  it('trims, and lowercases where the store keeps the address', () => {
    expect(emailSchema.parse('  Pat@Example.com ')).toBe('Pat@Example.com');
    expect(lowercaseEmailSchema.parse('  Pat@Example.com ')).toBe('pat@example.com');
  });
  it('refuses a malformed, empty, missing or too long address with the one message', () => {
    const long = `${'a'.repeat(EMAIL_MAX_LENGTH - '@example.com'.length + 1)}@example.com`;
    expect(emailSchema.safeParse(long.slice(1)).success).toBe(true);
    for (const input of ['not-an-email', '', '   ', 'a@b', long, undefined, 42]) {
      expect(message(emailSchema.safeParse(input))).toBe(INVALID_EMAIL_MESSAGE);
      expect(message(lowercaseEmailSchema.safeParse(input))).toBe(INVALID_EMAIL_MESSAGE);
    }
  });
});
