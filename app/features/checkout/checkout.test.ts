import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  detectCardBrand,
  digitsOnly,
  isCardExpired,
  isValidRoutingNumber,
  orderSuccessPath,
} from '~/commerce/checkout/checkout';
import { bankPaymentSchema, cardPaymentSchema, createCheckoutSchema } from './checkout.schema';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

const card = {
  paymentMethod: 'card' as const,
  cardNumber: '4242424242424242',
  cardExpiryMonth: '12',
  cardExpiryYear: '99',
  cardCode: '123',
  cardholderName: 'Pat Shopper',
  email: 'pat@example.com',
};

describe('checkout rules', () => {
  it('tells card brands by their leading digits', () => {
    expect(detectCardBrand('4242424242424242')).toBe('visa');
    expect(detectCardBrand('5555555555554444')).toBe('mastercard');
    expect(detectCardBrand('2223003122003222')).toBe('mastercard');
    expect(detectCardBrand('378282246310005')).toBe('amex');
    expect(detectCardBrand('6011111111111117')).toBe('discover');
    expect(detectCardBrand('3056930009020004')).toBe('card');
  });

  it('checks ABA routing numbers', () => {
    expect(isValidRoutingNumber('011000015')).toBe(true);
    expect(isValidRoutingNumber('021000021')).toBe(true);
    expect(isValidRoutingNumber('011000016')).toBe(false);
    expect(isValidRoutingNumber('01100001')).toBe(false);
    expect(isValidRoutingNumber('01100001a')).toBe(false);
    // Changing any one digit of a valid number breaks the checksum.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 9 }), (index, delta) => {
        const digits = [...'011000015'].map(Number);
        digits[index] = ((digits[index] ?? 0) + delta) % 10;
        expect(isValidRoutingNumber(digits.join(''))).toBe(false);
      }),
    );
  });

  it('treats a card as valid to the end of its expiry month', () => {
    const now = new Date(Date.UTC(2026, 10, 22));
    expect(isCardExpired('11', '26', now)).toBe(false);
    expect(isCardExpired('10', '26', now)).toBe(true);
    expect(isCardExpired('01', '27', now)).toBe(false);
    expect(isCardExpired('12', '25', now)).toBe(true);
  });

  it('keeps digits only, capped, as the payment inputs do', () => {
    expect(digitsOnly('4242 4242-4242 4242 99999', 19)).toBe('4242424242424242999');
    expect(digitsOnly('1a2', 2)).toBe('12');
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 19 }), (text, max) => {
        const out = digitsOnly(text, max);
        expect(out).toMatch(/^\d*$/);
        expect(out.length).toBeLessThanOrEqual(max);
      }),
    );
  });

  it('builds the order success address', () => {
    expect(orderSuccessPath('MS-7K3QX9P2', 'bank_transfer')).toBe(
      '/order-success?order_ref=MS-7K3QX9P2&payment_method=bank_transfer',
    );
  });
});

describe('payment schemas give the form messages', () => {
  it.each([
    [{ cardNumber: '424242424242' }, 'Card number must be at least 13 digits'],
    [{ cardNumber: '42424242424242424242' }, 'Card number must not exceed 19 digits'],
    [{ cardNumber: '4242x42424242424' }, 'Card number must contain only digits'],
    [{ cardExpiryMonth: '1' }, 'Month must be 2 digits'],
    [{ cardExpiryMonth: '13' }, 'Month must be between 01-12'],
    [{ cardExpiryYear: '2030' }, 'Year must be last 2 digits'],
    [{ cardExpiryYear: 'ab' }, 'Year must be 2 digits'],
    [{ cardCode: '12' }, 'CVV must be 3-4 digits'],
    [{ cardCode: '12a' }, 'CVV must contain only digits'],
    [{ cardholderName: ' Al ' }, 'Cardholder name is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ email: '' }, 'Please enter a valid email address'],
    [{ cardExpiryYear: '20' }, 'This card has expired'],
  ])('%o -> %s', (change, message) => {
    expect(firstMessage(cardPaymentSchema.safeParse({ ...card, ...change }))).toBe(message);
  });

  it('accepts a good card and refuses unknown fields such as an amount', () => {
    expect(cardPaymentSchema.safeParse(card).success).toBe(true);
    expect(cardPaymentSchema.safeParse({ ...card, amount: 1 }).success).toBe(false);
  });

  it('checks bank transfers', () => {
    const bank = {
      paymentMethod: 'bank_transfer' as const,
      accountHolderName: 'Pat Shopper',
      routingNumber: '011000015',
      accountNumber: '1234',
      accountType: 'savings',
      email: 'pat@example.com',
    };
    expect(bankPaymentSchema.safeParse(bank).success).toBe(true);
    expect(firstMessage(bankPaymentSchema.safeParse({ ...bank, routingNumber: '123456789' }))).toBe(
      'Invalid routing number',
    );
    expect(firstMessage(bankPaymentSchema.safeParse({ ...bank, accountNumber: '123' }))).toBe(
      'Account number must be 4-17 digits',
    );
    expect(bankPaymentSchema.safeParse({ ...bank, accountNumber: '123456789012345678' }).success).toBe(false);
  });

  it('refuses client prices in a checkout request', () => {
    expect(
      createCheckoutSchema.safeParse({ items: [{ productId: 'a', quantity: 1, price: 1 }], addressId: 'x' })
        .success,
    ).toBe(false);
    expect(createCheckoutSchema.parse({ addressId: 'x' })).toMatchObject({
      paymentMethod: 'card',
      shipping: 'standard',
      saveAddress: false,
    });
  });

  it('asks for a shipping address, new or saved', () => {
    expect(firstMessage(createCheckoutSchema.safeParse({}))).toBe('Please enter a shipping address');
    expect(
      firstMessage(
        createCheckoutSchema.safeParse({ address: { recipientName: 'Pat' }, shipping: 'standard' }),
      ),
    ).toBe('Address is required');
    expect(firstMessage(createCheckoutSchema.safeParse({ addressId: 'x', shipping: 'overnight' }))).toBe(
      'Choose a shipping option',
    );
  });
});
