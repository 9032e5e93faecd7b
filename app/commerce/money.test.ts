import { describe, expect, it } from 'vitest';
import { centsToDecimal, formatDollars, formatPrice } from './money';

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
});
