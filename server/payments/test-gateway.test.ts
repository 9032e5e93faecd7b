import { describe, expect, it } from 'vitest';
import type { ChargeRequest } from './gateway';
import { createTestGateway } from './test-gateway';

const gateway = createTestGateway();

function cardCharge(number: string, expiryMonth: string, expiryYear: string): ChargeRequest {
  return {
    orderReference: 'MS-TEST',
    amountCents: 1000,
    email: 'pat@example.com',
    source: {
      method: 'card',
      card: { number, expiryMonth, expiryYear, cvv: '123', holderName: 'Pat Doe' },
    },
  };
}

const now = new Date();
const thisMonth = String(now.getUTCMonth() + 1).padStart(2, '0');
const thisYear = String(now.getUTCFullYear() % 100).padStart(2, '0');
const lastYear = String((now.getUTCFullYear() - 1) % 100).padStart(2, '0');

describe('test gateway', () => {
  it('approves its approving cards through the last day of the expiry month', async () => {
    const result = await gateway.charge(cardCharge('4242424242424242', thisMonth, thisYear));
    expect(result.status).toBe('approved');
  });

  it('declines an expired card, whatever its number', async () => {
    const result = await gateway.charge(cardCharge('4242424242424242', thisMonth, lastYear));
    expect(result).toEqual({ status: 'declined', message: 'Your card has expired.' });
  });

  it('declines its declining cards with their message', async () => {
    const result = await gateway.charge(cardCharge('4000000000009995', '12', '99'));
    expect(result).toEqual({ status: 'declined', message: 'Insufficient funds.' });
  });
});

describe('test gateway refunds', () => {
  const gateway = createTestGateway();
  const base = {
    transactionId: 'test_abc',
    orderReference: 'MS-ABCDEFGH',
    chargedCents: 5_000,
    method: 'card' as const,
    last4: '4242',
  };
  it('voids the whole charge and refunds a part', async () => {
    expect(await gateway.refund({ ...base, amountCents: 5_000 })).toMatchObject({
      status: 'voided',
      transactionId: expect.stringMatching(/^test_/) as string,
    });
    expect(await gateway.refund({ ...base, amountCents: 1_000 })).toMatchObject({ status: 'refunded' });
  });
  it('refuses charges it did not make and amounts beyond the charge', async () => {
    expect((await gateway.refund({ ...base, transactionId: '123', amountCents: 100 })).status).toBe(
      'declined',
    );
    expect((await gateway.refund({ ...base, amountCents: 5_001 })).status).toBe('declined');
    expect((await gateway.refund({ ...base, amountCents: 0 })).status).toBe('declined');
  });
});

describe('test gateway authorisations', () => {
  it('captures its own authorisations, not its charges, and voids them whole', async () => {
    const authorised = await gateway.charge({
      ...cardCharge('4242424242424242', thisMonth, thisYear),
      authorizeOnly: true,
    });
    if (authorised.status !== 'approved') throw new Error('not authorised');
    expect(authorised.transactionId).toMatch(/^test_auth_/);
    const request = { transactionId: authorised.transactionId, orderReference: 'MS-TEST', amountCents: 1000 };
    expect(await gateway.capture(request)).toEqual({
      status: 'captured',
      transactionId: authorised.transactionId,
    });
    const charged = await gateway.charge(cardCharge('4242424242424242', thisMonth, thisYear));
    if (charged.status !== 'approved') throw new Error('not charged');
    expect((await gateway.capture({ ...request, transactionId: charged.transactionId })).status).toBe(
      'declined',
    );
    const voided = await gateway.refund({
      transactionId: authorised.transactionId,
      orderReference: 'MS-TEST',
      amountCents: 1000,
      chargedCents: 1000,
      method: 'card',
      last4: '4242',
    });
    expect(voided.status).toBe('voided');
  });
});
