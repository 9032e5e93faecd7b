import type { PaymentGateway } from '#server/payments/gateway';
import type { Address } from '~/commerce/delivery/address.schema';
import { ADDRESS_NOT_FOUND } from '~/commerce/delivery/address-book';
import { AddressBookFullError, findAddress, saveAddress } from '~/commerce/delivery/address-book.server';
import type { ShippingChoice } from '~/commerce/delivery/shipping-options';
import { insertOrderIn } from '~/commerce/orders/orders.server';
import {
  type CheckoutSession,
  EMPTY_CART_MESSAGE,
  NOT_CONFIGURED_MESSAGE,
  orderSuccessPath,
  type PaymentMethod,
  paymentMethodOf,
} from '~/commerce/checkout/checkout';
import { CheckoutError } from './checkout-error';
import { PRESCRIPTION_TEXT } from '~/commerce/prescriptions/prescriptions';
import type { LineItem } from '~/commerce/cart/cart.schema';
import { type QuoteDeps, quoteOrder, type QuoteUser } from './quote.server';
import { approvalNeeded, organisationOf, recordWaitingApproval } from './organisation-checkout.server';
import { buyingContext } from '~/commerce/organisations/organisations.server';

/** The signed-in shopper; the name goes on an organisation's order as its buyer. */
export type CheckoutUser = QuoteUser & { firstName?: string; lastName?: string };

export interface CheckoutRequest {
  paymentMethod: PaymentMethod;
  promoCode?: string | null;
  /** A guest's device cart: product ids and quantities only. */
  items: LineItem[];
  shipping: ShippingChoice;
  /** A new address (checked by the schema), or the id of one in the shopper's address book. */
  address?: Address;
  addressId?: string;
  /** Keep the new address in the signed-in shopper's address book. */
  saveAddress?: boolean;
  /** The buyer's purchase order number (an organisation's member), null for none. */
  poNumber?: string | null;
}

/** Where the order goes: the new address, or the shopper's own saved one (anyone else's: 404). */
async function destination(
  deps: QuoteDeps,
  user: CheckoutUser | null,
  request: CheckoutRequest,
): Promise<Address> {
  if (request.address) return request.address;
  const saved =
    user && request.addressId ? await findAddress(deps.db, user.id, request.addressId) : undefined;
  if (!saved) throw new CheckoutError('address_not_found', ADDRESS_NOT_FOUND);
  const { id: _id, isDefault: _isDefault, ...address } = saved;
  return address;
}

/** Saves a new address to the book when asked; false when the book is full (the order goes on). */
async function keepAddress(deps: QuoteDeps, user: CheckoutUser, address: Address): Promise<boolean> {
  try {
    return Boolean(await saveAddress(deps.db, user.id, address));
  } catch (error) {
    if (error instanceof AddressBookFullError) return false;
    throw error;
  }
}

/**
 * Creates the pending order the payment form pays (the create-payment call). The server prices
 * every line, the promotion, the shipping option and the tax to the address; a signed-in
 * shopper's cart is read from the account.
 */
export async function createCheckoutSession(
  deps: QuoteDeps & { gateway: PaymentGateway },
  user: CheckoutUser | null,
  request: CheckoutRequest,
): Promise<CheckoutSession> {
  // An order on invoice terms takes no payment from the processor.
  if (!deps.gateway.configured && request.paymentMethod !== 'invoice') {
    throw new CheckoutError('payment_not_configured', NOT_CONFIGURED_MESSAGE);
  }
  const address = await destination(deps, user, request);
  const buying = user ? await buyingContext(deps.db, user.id, address.state) : undefined;
  const organisation = await organisationOf(deps, buying, user, request);
  const { lines, quote } = await quoteOrder(
    deps,
    user,
    { ...request, state: address.state, buying: buying ?? null },
    { strict: true },
  );
  if (lines.length === 0 || !quote.shippingOption) throw new CheckoutError('empty_cart', EMPTY_CART_MESSAGE);
  const shippingOption = quote.shippingOption;
  const prescriptionRequired = lines.some((line) => line.prescriptionRequired);
  // Only a card can be authorised now and charged once the prescription is approved.
  if (prescriptionRequired && request.paymentMethod !== 'card') {
    throw new CheckoutError('prescription_card_only', PRESCRIPTION_TEXT.cardOnly);
  }
  const addressSaved =
    user && request.address && request.saveAddress ? await keepAddress(deps, user, address) : false;
  const waits = buying ? await approvalNeeded(deps, buying, quote.total) : undefined;
  const order = await deps.db.transaction().execute(async (trx) => {
    const row = await insertOrderIn(
      trx,
      {
        userId: user?.id ?? null,
        email: user?.email.toLowerCase() ?? null,
        paymentMethod: request.paymentMethod,
        subtotal: quote.subtotal,
        shipping: quote.shipping,
        discount: quote.discount,
        tax: quote.tax ?? 0,
        taxRate: quote.taxRate ?? 0,
        total: quote.total,
        promoCode: quote.promoCode,
        shippingOption,
        address,
        items: lines.map(({ taxExempt: _t, freightOnly: _f, ...line }) => line),
        ...(organisation ? { organisation } : {}),
        taxCertificateNumber: quote.taxCertificate,
      },
      { cancelAbandoned: Boolean(user) },
    );
    if (buying && waits) await recordWaitingApproval(trx, buying, row.id, waits.why);
    return row;
  });
  const approval = waits?.session;
  return {
    ...(approval ? { approval } : {}),
    url: orderSuccessPath(order.reference, paymentMethodOf(order.payment_method)),
    orderId: order.id,
    reference: order.reference,
    paymentMethod: paymentMethodOf(order.payment_method),
    amount: order.total,
    subtotal: order.subtotal,
    shipping: order.shipping,
    discount: order.discount,
    tax: order.tax,
    taxRate: order.tax_rate,
    taxCertificate: order.tax_certificate_number,
    shippingOption: quote.shippingOption,
    address,
    addressSaved,
    promoCode: order.promo_code,
    mock: deps.gateway.mock,
    email: user?.email ?? null,
    prescriptionRequired,
  };
}
