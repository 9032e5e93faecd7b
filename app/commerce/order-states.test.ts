import { describe, expect, it } from 'vitest';
import {
  CONSOLE_FILTERS,
  FULFILMENT,
  FULFILMENT_STATES,
  FULFILMENTS,
  ORDER_STATUSES,
  PAYMENT_STATES,
  PLACED_STATUSES,
  RECEIPT_STATUSES,
  shopperStatusText,
  staffStatusText,
  STATUS,
  statusTone,
} from './order-states';
import {
  canMove,
  fromFulfilments,
  fromStatuses,
  mayMove,
  nextSteps,
  ORDER_MOVES,
  type OrderMoveName,
} from './order-moves';

const every = ORDER_STATUSES.flatMap((status) => FULFILMENTS.map((fulfilment) => ({ status, fulfilment })));

describe('the order state table', () => {
  it('names every payment and parcel state, each by its own name', () => {
    expect(ORDER_STATUSES).toEqual([
      'pending',
      'authorized',
      'paid',
      'failed',
      'cancelled',
      'refunded',
      'invoiced',
    ]);
    expect(FULFILMENTS).toEqual(['unfulfilled', 'packed', 'shipped', 'delivered']);
    for (const status of ORDER_STATUSES) expect(STATUS[status]).toBe(status);
    for (const fulfilment of FULFILMENTS) expect(FULFILMENT[fulfilment]).toBe(fulfilment);
  });

  it('has a shopper and a staff label for every state', () => {
    for (const state of [...Object.values(PAYMENT_STATES), ...Object.values(FULFILMENT_STATES)]) {
      expect(state.shopper).toMatch(/\S/);
      expect(state.staff).toMatch(/\S/);
    }
  });

  it('moves each order from the states it names to the state it names', () => {
    const expected: Record<
      OrderMoveName,
      [string[], string[] | 'any', string | undefined, string | undefined]
    > = {
      authorize: [['pending', 'failed'], 'any', 'authorized', undefined],
      capture: [['pending', 'failed'], 'any', 'paid', undefined],
      decline: [['pending', 'failed'], 'any', 'failed', undefined],
      invoice: [['pending', 'failed'], 'any', 'invoiced', undefined],
      approve: [['authorized'], 'any', 'paid', undefined],
      reject: [['authorized'], 'any', 'cancelled', undefined],
      pack: [['paid', 'invoiced'], ['unfulfilled'], undefined, 'packed'],
      ship: [['paid', 'invoiced'], ['unfulfilled', 'packed'], undefined, 'shipped'],
      deliver: [['paid', 'invoiced'], ['shipped'], undefined, 'delivered'],
      cancel: [['pending', 'failed'], 'any', 'cancelled', undefined],
      expire: [['pending'], 'any', 'cancelled', undefined],
      abandon: [['pending', 'failed'], 'any', 'cancelled', undefined],
      sendBack: [['pending'], 'any', 'cancelled', undefined],
      partRefund: [['paid'], 'any', undefined, undefined],
      refund: [['paid'], 'any', 'refunded', undefined],
    };
    expect(Object.keys(ORDER_MOVES).sort()).toEqual(Object.keys(expected).sort());
    for (const [move, [statuses, fulfilments, status, fulfilment]] of Object.entries(expected)) {
      const name = move as OrderMoveName;
      const to: { status?: string; fulfilment?: string } = ORDER_MOVES[name].to;
      expect(fromStatuses(name), move).toEqual(statuses);
      expect(fromFulfilments(name), move).toEqual(fulfilments === 'any' ? FULFILMENTS : fulfilments);
      expect(to.status, move).toBe(status);
      expect(to.fulfilment, move).toBe(fulfilment);
    }
  });

  it('lets the payment, the system, the shopper and the console make only their own moves', () => {
    const byWhom = (actor: Parameters<typeof mayMove>[1]) =>
      (Object.keys(ORDER_MOVES) as OrderMoveName[]).filter((move) => mayMove(move, actor));
    expect(byWhom('payment')).toEqual(['authorize', 'capture', 'decline', 'invoice']);
    expect(byWhom('system')).toEqual(['expire']);
    expect(byWhom('shopper')).toEqual(['abandon', 'sendBack']);
    const consoleMoves = ['approve', 'reject', 'pack', 'ship', 'deliver', 'cancel', 'partRefund', 'refund'];
    expect(byWhom('staff')).toEqual(consoleMoves);
    expect(byWhom('admin')).toEqual(consoleMoves);
  });

  it('offers the console the next steps the moves allow', () => {
    expect(nextSteps({ status: 'paid', fulfilment: 'unfulfilled' })).toEqual({
      pack: true,
      ship: true,
      deliver: false,
      cancel: false,
      refund: true,
    });
    expect(nextSteps({ status: 'paid', fulfilment: 'packed' })).toMatchObject({ pack: false, ship: true });
    expect(nextSteps({ status: 'paid', fulfilment: 'shipped' })).toMatchObject({
      ship: false,
      deliver: true,
    });
    expect(nextSteps({ status: 'failed', fulfilment: 'unfulfilled' })).toEqual({
      pack: false,
      ship: false,
      deliver: false,
      cancel: true,
      refund: false,
    });
    for (const order of every.filter((o) => o.status !== 'paid')) {
      expect(canMove('refund', order)).toBe(false);
      if (order.status === 'invoiced') continue;
      expect(canMove('ship', order)).toBe(false);
    }
    // An invoiced order ships like a paid one, and is settled by its invoice, never refunded.
    expect(nextSteps({ status: 'invoiced', fulfilment: 'unfulfilled' })).toEqual({
      pack: true,
      ship: true,
      deliver: false,
      cancel: false,
      refund: false,
    });
    expect(shopperStatusText({ status: 'invoiced', fulfilment: 'unfulfilled', refundedTotal: 0 })).toBe(
      'Invoiced',
    );
    expect(staffStatusText({ status: 'invoiced', fulfilment: 'shipped' })).toBe('Invoiced · Shipped');
  });

  it('groups placed and receipt states', () => {
    expect(PLACED_STATUSES).toEqual(['authorized', 'paid', 'invoiced']);
    expect(RECEIPT_STATUSES).toEqual(['paid', 'refunded']);
  });

  it('words the status for shoppers and staff as the pages did', () => {
    expect(shopperStatusText({ status: 'pending', fulfilment: 'unfulfilled', refundedTotal: 0 })).toBe(
      'Awaiting payment',
    );
    expect(shopperStatusText({ status: 'paid', fulfilment: 'unfulfilled', refundedTotal: 0 })).toBe('Paid');
    expect(shopperStatusText({ status: 'paid', fulfilment: 'packed', refundedTotal: 0 })).toBe(
      'Being prepared',
    );
    expect(shopperStatusText({ status: 'paid', fulfilment: 'shipped', refundedTotal: 500 })).toBe(
      'Shipped · Partly refunded',
    );
    expect(staffStatusText({ status: 'paid', fulfilment: 'unfulfilled' })).toBe('Paid · Not yet packed');
    expect(staffStatusText({ status: 'authorized', fulfilment: 'unfulfilled' })).toBe(
      'Awaiting prescription review',
    );
    expect(statusTone({ status: 'paid', fulfilment: 'delivered' })).toBe('done');
    expect(statusTone({ status: 'failed', fulfilment: 'unfulfilled' })).toBe('bad');
  });

  it('filters the console list by states the table has', () => {
    for (const state of CONSOLE_FILTERS.fulfilment) expect(FULFILMENTS).toContain(state);
    for (const state of CONSOLE_FILTERS.status) expect(ORDER_STATUSES).toContain(state);
  });
});
