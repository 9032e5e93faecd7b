import { describe, expect, it } from 'vitest';
import { centsToDecimal, decimalToCents, formatDollars, formatPrice } from './money';

describe('money', () => {
  it('formats cents as US dollars with two decimals', () => {
    expect(formatPrice(49999)).toBe('$499.99');
    expect(formatPrice(123456789)).toBe('$1,234,567.89');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(5)).toBe('$0.05');
    expect(formatPrice(123450)).toBe('$1,234.50');
  });
  it('drops the cents of whole dollars when asked, and only then', () => {
    expect(formatPrice(150000, { whole: true })).toBe('$1,500');
    expect(formatPrice(0, { whole: true })).toBe('$0');
    expect(formatPrice(150050, { whole: true })).toBe('$1,500.50');
    expect(formatPrice(150000)).toBe('$1,500.00');
  });
  it('writes cents as a plain decimal string for machines', () => {
    expect(centsToDecimal(123450)).toBe('1234.50');
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(99)).toBe('0.99');
    expect(centsToDecimal(1005)).toBe('10.05');
    expect(centsToDecimal(-2500)).toBe('-25.00');
    expect(() => centsToDecimal(10.5)).toThrow();
  });
  it('formats whole dollars', () => {
    expect(formatDollars(3000)).toBe('$3,000');
  });
  it('reads a decimal into cents exactly, or refuses it', () => {
    expect(decimalToCents('12.5')).toBe(1250);
    expect(decimalToCents('12.50')).toBe(1250);
    expect(decimalToCents('$12')).toBe(1200);
    expect(decimalToCents(' 0.29 ')).toBe(29);
    expect(decimalToCents('1005.01')).toBe(100501);
    expect(decimalToCents('0')).toBe(0);
    for (const bad of ['12.505', '1,200', '-5', '', '.5', '12.', 'free', '$', '1e3', '12.5.1']) {
      expect(decimalToCents(bad), bad).toBeUndefined();
    }
    for (let cents = 0; cents < 100_000; cents += 7) {
      expect(decimalToCents(centsToDecimal(cents))).toBe(cents);
    }
  });
});
