import { describe, expect, it } from 'vitest';
import { formatDollars, formatPrice } from './money';

describe('money', () => {
  it('formats cents as US dollars with two decimals', () => {
    expect(formatPrice(49999)).toBe('$499.99');
    expect(formatPrice(123456789)).toBe('$1,234,567.89');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(5)).toBe('$0.05');
  });
  it('formats whole dollars', () => {
    expect(formatDollars(3000)).toBe('$3,000');
  });
});
