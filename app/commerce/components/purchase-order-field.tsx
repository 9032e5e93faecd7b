import { useState } from 'react';
import { Field } from '~/components/ui/field';
import type { CartBuying } from '~/commerce/organisations/organisations';

// Mirrors the checkout's schema (app/commerce/invoices/invoices.ts), which the server applies;
// repeated here so the cart's first load does not carry the invoices' module.
const MAX = 40;
const PRINTABLE = /^[\x20-\x7E]*$/;

export interface PurchaseOrder {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  /** True when the number may go to checkout; otherwise shows why and focuses the field. */
  check: () => boolean;
}

/** The purchase order number a member of an organisation gives at checkout. */
export function usePurchaseOrder(buying: CartBuying | null | undefined): PurchaseOrder {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  function problem(text: string): string | undefined {
    const trimmed = text.trim();
    if (!buying) return undefined;
    if (buying.poRequired && !trimmed) return 'Enter your purchase order number';
    if (trimmed.length > MAX) return `Enter a purchase order number of at most ${MAX} characters`;
    if (!PRINTABLE.test(trimmed))
      return 'Use only letters, digits, spaces and punctuation in the purchase order number';
    return undefined;
  }
  return {
    value,
    error,
    onChange(next) {
      setValue(next);
      if (error) setError(problem(next));
    },
    check() {
      const found = problem(value);
      setError(found);
      // The one field of this name on the page: where the shopper fixes it.
      if (found) document.getElementsByName('poNumber')[0]?.focus();
      return !found;
    },
  };
}

export function PurchaseOrderField(props: {
  buying: CartBuying;
  purchaseOrder: PurchaseOrder;
  form?: string;
}) {
  const { buying, purchaseOrder, form } = props;
  return (
    <Field
      label={buying.poRequired ? 'PO number (required)' : 'PO number (optional)'}
      name="poNumber"
      form={form}
      maxLength={MAX}
      autoComplete="off"
      hint={`${buying.organisation}'s purchase order: printed on the invoice and receipt.`}
      value={purchaseOrder.value}
      error={purchaseOrder.error}
      onChange={(event) => purchaseOrder.onChange(event.target.value)}
    />
  );
}
