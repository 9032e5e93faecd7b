import { describe, expect, it } from 'vitest';
import { cardBrandOf } from './gateway';

/** A saved card's brand follows the checkout's rule, so a plan and an order name one card alike. */
describe('cardBrandOf', () => {
  it.each([
    ['4242424242424242', 'Visa'],
    ['5555555555554444', 'Mastercard'],
    ['2223003122003222', 'Mastercard'],
    ['378282246310005', 'American Express'],
    ['6011111111111117', 'Discover'],
    ['6445644564456445', 'Discover'],
    ['6200000000000005', null],
    ['3530111333300000', null],
  ])('names %s as %s', (number, brand) => {
    expect(cardBrandOf(number)).toBe(brand);
  });
});
