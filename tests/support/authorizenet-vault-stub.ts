import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Authorize.Net's Customer Information Manager on loopback, answering in the
 * documented JSON shapes (with the BOM the real one sends): customer profiles keyed by
 * merchantCustomerId, payment profiles validated in liveMode (card 4000000000000002 is
 * declined), and profile charges deduplicated as Authorize.Net does within the duplicate window
 * (the same profile, amount, invoice and PO number: reason 11 with the first transaction's id).
 */
export const DECLINING = '4000000000000002';
const BOM = '\uFEFF';

export type Json = Record<string, unknown>;

export interface VaultStub {
  url: string;
  recorded: { root: string; body: Json; raw: string }[];
  /** While true, every new charge is declined. */
  state: { declineCharges: boolean };
  close(): Promise<void>;
}

export async function startVaultStub(): Promise<VaultStub> {
  const recorded: VaultStub['recorded'] = [];
  const state = { declineCharges: false };

  const ok = { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] };
  const error = (code: string, text: string) => ({ resultCode: 'Error', message: [{ code, text }] });
  const approvedCheck = '1,1,1,This transaction has been approved.,A1B2C3,Y,40000000001,none,,0.00,CC';
  const declinedCheck = '2,1,2,This transaction has been declined.,000000,N,40000000002,none,,0.00,CC';

  /** The stand-in's state: profiles by merchantCustomerId, their cards, and charges by their duplicate key. */
  const profiles = new Map<string, { id: string; cards: Map<string, string> }>();
  const charges = new Map<string, { transId: string; approved: boolean }>();
  let nextId = 1000;

  function cardOf(paymentProfile: Json): { number: string; key: string } {
    const card = (paymentProfile.payment as Json).creditCard as Json;
    return {
      number: String(card.cardNumber),
      key: `${String(card.cardNumber)}|${String(card.expirationDate)}`,
    };
  }

  function validate(number: string) {
    return number === DECLINING ? declinedCheck : approvedCheck;
  }

  function answerProfile(request: Json): unknown {
    const profile = request.profile as Json;
    const customer = String(profile.merchantCustomerId);
    const existing = profiles.get(customer);
    if (existing) {
      return { messages: error('E00039', `A duplicate record with ID ${existing.id} already exists.`) };
    }
    const card = cardOf(profile.paymentProfiles as Json);
    const check = validate(card.number);
    if (check.startsWith('2')) {
      return {
        validationDirectResponseList: [check],
        messages: error('E00027', 'The transaction was unsuccessful.'),
      };
    }
    const id = String(nextId++);
    const paymentId = String(nextId++);
    profiles.set(customer, { id, cards: new Map([[card.key, paymentId]]) });
    return {
      customerProfileId: id,
      customerPaymentProfileIdList: [paymentId],
      customerShippingAddressIdList: [],
      validationDirectResponseList: [check],
      messages: ok,
    };
  }

  function answerPaymentProfile(request: Json): unknown {
    const profile = [...profiles.values()].find((p) => p.id === request.customerProfileId);
    if (!profile) return { messages: error('E00040', 'The record cannot be found.') };
    const card = cardOf(request.paymentProfile as Json);
    const known = profile.cards.get(card.key);
    if (known) {
      return {
        customerProfileId: profile.id,
        customerPaymentProfileId: known,
        messages: error('E00039', 'A duplicate customer payment profile already exists.'),
      };
    }
    const check = validate(card.number);
    if (check.startsWith('2')) {
      return {
        validationDirectResponse: check,
        messages: error('E00027', 'The transaction was unsuccessful.'),
      };
    }
    const paymentId = String(nextId++);
    profile.cards.set(card.key, paymentId);
    return {
      customerProfileId: profile.id,
      customerPaymentProfileId: paymentId,
      validationDirectResponse: check,
      messages: ok,
    };
  }

  function answerCharge(request: Json): unknown {
    const tx = request.transactionRequest as Json;
    const profile = tx.profile as { customerProfileId: string; paymentProfile: { paymentProfileId: string } };
    const order = tx.order as { invoiceNumber: string };
    const key = [
      profile.customerProfileId,
      profile.paymentProfile.paymentProfileId,
      tx.amount,
      order.invoiceNumber,
      tx.poNumber,
    ].join('|');
    const first = charges.get(key);
    if (first) {
      return {
        transactionResponse: {
          responseCode: '3',
          ...(first.approved ? { authCode: 'QWX20S' } : { authCode: '' }),
          transId: first.transId,
          errors: [{ errorCode: '11', errorText: 'A duplicate transaction has been submitted.' }],
        },
        messages: error('E00027', 'The transaction was unsuccessful.'),
      };
    }
    const transId = String(60000000000 + nextId++);
    charges.set(key, { transId, approved: !state.declineCharges });
    if (state.declineCharges) {
      return {
        transactionResponse: {
          responseCode: '2',
          transId,
          errors: [{ errorCode: '2', errorText: 'This transaction has been declined.' }],
        },
        messages: error('E00027', 'The transaction was unsuccessful.'),
      };
    }
    return { transactionResponse: { responseCode: '1', authCode: 'QWX20S', transId }, messages: ok };
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw) as Json;
      const root = Object.keys(body)[0]!;
      const request = body[root] as Json;
      recorded.push({ root, body: request, raw });
      const payload =
        root === 'createCustomerProfileRequest'
          ? answerProfile(request)
          : root === 'createCustomerPaymentProfileRequest'
            ? answerPaymentProfile(request)
            : root === 'createTransactionRequest'
              ? answerCharge(request)
              : { messages: ok };
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(BOM + JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/xml/v1/request.api`,
    recorded,
    state,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
