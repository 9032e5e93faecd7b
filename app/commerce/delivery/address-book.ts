import type { FormAnswer } from '~/lib/form-answer';
import type { Address } from './address.schema';

/** Where an order goes: a new address (kept in the book on request) or a saved one. */
export type Destination = { address: Address; saveAddress: boolean } | { addressId: string };

/** A saved address of a signed-in shopper, as the account page and the cart show it. */
export interface SavedAddress extends Address {
  id: string;
  isDefault: boolean;
}

/** How many addresses one account keeps (a family, a few patients of a home-care provider). */
export const ADDRESS_BOOK_LIMIT = 20;
export const ADDRESS_BOOK_FULL = `You can keep up to ${ADDRESS_BOOK_LIMIT} addresses. Delete one to add another.`;
export const ADDRESS_NOT_FOUND = 'This address is not in your address book.';

export const ADDRESS_TEXT = {
  saved: 'Address saved',
  deleted: 'Address deleted',
  madeDefault: 'Default address changed',
} as const;

/** The named fields of an address form, as `addressSchema` names them. */
export const ADDRESS_FIELDS = ['recipientName', 'line1', 'line2', 'city', 'state', 'zip', 'phone'] as const;

/** The answer of the address book's forms on /account. */
export interface AddressAnswer extends FormAnswer {
  intent: 'address-save' | 'address-delete' | 'address-default';
}

/** One line for a list or a radio label: 'Maria Lopez, 1200 Elm Street, Apt 4B, Springfield, IL 62704'. */
export function addressSummary(address: Address): string {
  const street = [address.line1, address.line2].filter(Boolean).join(', ');
  return `${address.recipientName}, ${street}, ${address.city}, ${address.state} ${address.zip}`;
}

/** An address as it is printed on a label, one line each (the line2 only when there is one). */
export function addressLines(address: Address): string[] {
  return [
    address.recipientName,
    address.line1,
    ...(address.line2 ? [address.line2] : []),
    `${address.city}, ${address.state} ${address.zip}`,
    address.phone,
  ];
}
