import { describe, expect, it } from 'vitest';
import { addressSchema } from './address.schema';
import { addressLines, addressSummary } from './address-book';
import { BASE_RATES, baseRateTax } from './sales-tax';
import { formatRate } from '~/commerce/totals';
import { LAUNCH_SHIPPING, shippingOffers, shippingOptionText } from './shipping-options';
import { US_STATE_CODES } from './us-states';

const valid = {
  recipientName: 'Maria Lopez',
  line1: '1200 Elm Street',
  line2: 'Apt 4B',
  city: 'Springfield',
  state: 'IL',
  zip: '62704',
  phone: '(217) 555-0142',
};

const firstMessage = (input: Record<string, unknown>) => {
  const result = addressSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('a US shipping address', () => {
  it('accepts a complete address and writes ZIP+4 and the phone one way', () => {
    expect(addressSchema.parse({ ...valid, zip: '62704 1234', phone: '+1 217.555.0142' })).toEqual({
      ...valid,
      zip: '62704-1234',
      phone: '(217) 555-0142',
    });
    expect(addressSchema.parse({ ...valid, line2: undefined, state: 'pr' })).toMatchObject({
      line2: '',
      state: 'PR',
    });
  });

  it.each([
    ['recipientName', '  ', 'Recipient name is required'],
    ['recipientName', 'x'.repeat(101), 'Recipient name must be at most 100 characters'],
    ['line1', '', 'Address is required'],
    ['line1', 'Elm\u0000Street', 'Address contains characters we cannot print'],
    ['city', '', 'City is required'],
    ['state', 'XX', 'Choose a state or territory'],
    ['state', '', 'Choose a state or territory'],
    ['zip', '6270', 'Enter a 5-digit ZIP code, or ZIP+4 (12345-6789)'],
    ['zip', '62704-12', 'Enter a 5-digit ZIP code, or ZIP+4 (12345-6789)'],
    ['zip', 'ABCDE', 'Enter a 5-digit ZIP code, or ZIP+4 (12345-6789)'],
    ['phone', '555-0142', 'Enter a 10-digit US phone number, such as 555-201-4477'],
    ['phone', '(017) 555-0142', 'Enter a 10-digit US phone number, such as 555-201-4477'],
  ])('refuses %s %j with "%s"', (field, value, message) => {
    expect(firstMessage({ ...valid, [field]: value })).toBe(message);
  });

  it('refuses fields it does not know', () => {
    expect(addressSchema.safeParse({ ...valid, country: 'US' }).success).toBe(false);
  });
});

describe('sales tax at base state rates', () => {
  it('has a rate for every state, DC and territory, and nothing else', () => {
    expect(Object.keys(BASE_RATES).sort()).toEqual([...US_STATE_CODES].sort());
    expect(US_STATE_CODES).toHaveLength(56);
  });

  it('taxes the taxable lines, less their share of the discount, rounded to the cent', () => {
    const lines = [
      { amount: 27_999, taxExempt: false },
      { amount: 10_000, taxExempt: true },
    ];
    expect(baseRateTax({ state: 'CA', lines, discount: 0 })).toEqual({
      rate: 7250,
      taxable: 27_999,
      tax: 2030,
    });
    // 10 % off 37,999: 3,800, of which the taxable line's share is 2,800.
    expect(baseRateTax({ state: 'CA', lines, discount: 3_800 })).toEqual({
      rate: 7250,
      taxable: 25_199,
      tax: 1827,
    });
    expect(baseRateTax({ state: 'MN', lines, discount: 0 }).tax).toBe(1925); // 6.875 %
    expect(baseRateTax({ state: 'OR', lines, discount: 0 }).tax).toBe(0);
    expect(baseRateTax({ state: 'PR', lines, discount: 0 }).tax).toBe(2940); // 10.5 %
    expect(baseRateTax({ state: 'TX', lines: [{ amount: 5_000, taxExempt: true }], discount: 0 })).toEqual({
      rate: 6250,
      taxable: 0,
      tax: 0,
    });
  });

  it('writes rates as shoppers read them', () => {
    expect(formatRate(7250)).toBe('7.25%');
    expect(formatRate(6875)).toBe('6.875%');
    expect(formatRate(0)).toBe('0%');
  });
});

describe('shipping offers', () => {
  const cart = { subtotal: 10_000, itemCount: 2, freeShippingCode: false, freight: false };
  const offered = (c: typeof cart, settings = LAUNCH_SHIPPING) =>
    shippingOffers(c, settings).map((o) => [o.option, o.price]);

  it('prices Standard and Expedited, Standard free from $499 or with a code', () => {
    expect(offered(cart)).toEqual([
      ['standard', 999],
      ['expedited', 2499],
    ]);
    expect(offered({ ...cart, subtotal: 49_899 })[0]).toEqual(['standard', 999]);
    expect(offered({ ...cart, subtotal: 49_900 })).toEqual([
      ['standard', 0],
      ['expedited', 2499],
    ]);
    expect(offered({ ...cart, freeShippingCode: true })[0]).toEqual(['standard', 0]);
  });

  it('offers a freight cart Standard freight only, and an empty cart nothing', () => {
    expect(offered({ ...cart, freight: true })).toEqual([['freight', 999]]);
    expect(offered({ ...cart, freight: true, subtotal: 150_000 })).toEqual([['freight', 0]]);
    expect(offered({ ...cart, itemCount: 0, subtotal: 0 })).toEqual([]);
  });

  it('follows the settings: prices, thresholds, and Expedited offered to freight carts', () => {
    const settings = {
      ...LAUNCH_SHIPPING,
      standard: { ...LAUNCH_SHIPPING.standard, price: 1_250, freeFrom: 29_900 },
      expedited: { ...LAUNCH_SHIPPING.expedited, carts: 'all' as const },
    };
    expect(offered({ ...cart, subtotal: 29_899 }, settings)).toEqual([
      ['standard', 1_250],
      ['expedited', 2499],
    ]);
    expect(offered({ ...cart, subtotal: 29_900 }, settings)[0]).toEqual(['standard', 0]);
    expect(offered({ ...cart, freight: true }, settings)).toEqual([
      ['expedited', 2499],
      ['freight', 999],
    ]);
    expect(shippingOffers(cart, settings)[0]).toMatchObject({ name: 'Standard', days: '5-7 business days' });
  });

  it('says each option with its delivery time', () => {
    expect(shippingOptionText('standard')).toBe('Standard, 5-7 business days');
    expect(shippingOptionText('expedited')).toBe('Expedited, 2-3 business days');
    expect(shippingOptionText('freight')).toBe('Standard (freight), 7-10 business days');
  });
});

describe('an address as it is printed', () => {
  const address = addressSchema.parse(valid);
  it('has a line per part, the second address line only when there is one', () => {
    expect(addressLines(address)).toEqual([
      'Maria Lopez',
      '1200 Elm Street',
      'Apt 4B',
      'Springfield, IL 62704',
      '(217) 555-0142',
    ]);
    expect(addressLines({ ...address, line2: '' })).toHaveLength(4);
    expect(addressSummary(address)).toBe('Maria Lopez, 1200 Elm Street, Apt 4B, Springfield, IL 62704');
  });
});
