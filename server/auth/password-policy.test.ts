import { describe, expect, it } from 'vitest';
import { commonPasswords, isCommonPassword, passwordProblem } from './password-policy';
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from '../../app/lib/password-rules';

describe('the password rule', () => {
  it('loads the list of common passwords once, and it is the full list', () => {
    const first = commonPasswords();
    expect(first.size).toBeGreaterThan(40_000);
    expect(commonPasswords()).toBe(first);
  });

  it('refuses a password shorter than 10 characters, common or not', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(10);
    expect(passwordProblem('k7#Qz!p2w')).toBe(PASSWORD_TOO_SHORT);
    expect(passwordProblem('')).toBe(PASSWORD_TOO_SHORT);
    expect(PASSWORD_TOO_SHORT).toBe('Password must be at least 10 characters');
  });

  it('refuses a common password of any length, whatever its letter case', () => {
    for (const password of ['password123', 'PASSWORD123', 'Password123', 'qwertyuiop', '1q2w3e4r5t']) {
      expect(isCommonPassword(password)).toBe(true);
      expect(passwordProblem(password)).toBe(PASSWORD_TOO_COMMON);
    }
  });

  it('accepts a long password that is not on the list', () => {
    expect(passwordProblem('k7#Qz!p2wX')).toBeUndefined();
    // The tests' own passwords are not common ones.
    expect(passwordProblem('password-123')).toBeUndefined();
  });
});
