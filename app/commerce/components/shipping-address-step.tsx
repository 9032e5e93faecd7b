import { type Ref, useId, useImperativeHandle, useState } from 'react';
import { ChoiceGroup } from '~/components/ui/choice-group';
import { useFormErrors } from '~/lib/use-form-errors';
import {
  ADDRESS_FIELDS,
  addressSummary,
  type Destination,
  type SavedAddress,
} from '../delivery/address-book';
import { AddressFields } from './address-fields';

export interface ShippingAddressHandle {
  /** The chosen destination, or null after showing what to fix (focus on the first field). */
  read: () => Promise<Destination | null>;
}

interface ShippingAddressStepProps {
  ref?: Ref<ShippingAddressHandle>;
  /** A signed-in shopper's address book (default first); empty for a guest. */
  saved: readonly SavedAddress[];
  signedIn: boolean;
  /** The destination's state as it becomes known: the summary then shows the tax. */
  onStateChange: (state: string | null) => void;
  /** Enter in a field: the same as pressing Proceed to Checkout. */
  onSubmit: () => void;
  /** The new-address form's id: Proceed to Checkout posts it when no script runs. */
  formId?: string;
  /** The server's answer to an address posted without scripts: messages and what was typed. */
  refused?: { fields: Record<string, string>; values: Record<string, string> };
}

const NEW = 'new';

/**
 * The cart's shipping address: the saved addresses to pick from (the default chosen), or the
 * form for a new one. The form is uncontrolled and read when the shopper proceeds.
 */
export function ShippingAddressStep({
  ref,
  saved,
  signedIn,
  onStateChange,
  onSubmit,
  formId,
  refused,
}: ShippingAddressStepProps) {
  const id = useId();
  const [choice, setChoice] = useState<string>(saved[0]?.id ?? NEW);
  const { formRef, errors, check } = useFormErrors();

  useImperativeHandle(ref, () => ({
    async read() {
      if (choice !== NEW) return { addressId: choice };
      const form = formRef.current;
      if (!form) return null;
      const data = new FormData(form);
      // The schema (and zod) load when the shopper proceeds, with the payment step's own
      // chunk: the cart page's first load stays within its JavaScript budget.
      const { addressSchema } = await import('../delivery/address.schema');
      const values = Object.fromEntries(
        ADDRESS_FIELDS.map((field) => [field, String(data.get(field) ?? '')]),
      );
      const address = check(addressSchema, values);
      return address ? { address, saveAddress: data.get('saveAddress') === 'on' } : null;
    },
  }));

  function choose(next: string) {
    setChoice(next);
    const address = saved.find((a) => a.id === next);
    const typedState = formRef.current?.querySelector<HTMLSelectElement>('select[name="state"]')?.value;
    onStateChange(address ? address.state : typedState || null);
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-border p-5">
      <h2 id={`${id}-title`} className="text-2xl font-bold">
        Shipping address
      </h2>
      {saved.length > 0 ? (
        <div className="mt-4">
          <ChoiceGroup
            legend="Ship to"
            choices={[
              ...saved.map((a) => ({
                value: a.id,
                label: addressSummary(a),
                detail: a.isDefault ? 'Default address' : undefined,
              })),
              { value: NEW, label: 'A new address' },
            ]}
            value={choice}
            onChange={choose}
          />
        </div>
      ) : null}
      {choice === NEW ? (
        <form
          ref={formRef}
          id={formId}
          method="post"
          action="/cart"
          noValidate
          aria-label="New shipping address"
          className="mt-4 space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <input type="hidden" name="intent" value="address" />
          <AddressFields
            errors={{ ...refused?.fields, ...errors }}
            values={refused?.values}
            section="checkout"
            onStateChange={(state) => onStateChange(state || null)}
          />
          {signedIn ? (
            <label className="flex min-h-11 items-center gap-3">
              <input type="checkbox" name="saveAddress" defaultChecked className="h-5 w-5" />
              Save this address to my address book
            </label>
          ) : null}
          {/* Enter in a field submits: a hidden button makes that work in every browser. */}
          <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
        </form>
      ) : null}
    </section>
  );
}
