import { Field, SelectField } from '~/components/ui/field';
import type { FieldErrors } from '~/lib/use-form-errors';
import type { AddressInput } from '../delivery/address.schema';
import { US_STATES } from '../delivery/us-states';

interface AddressFieldsProps {
  /** What the fields start with: a saved address being edited, or a refused form's values. */
  values?: Partial<Record<keyof AddressInput, string>>;
  errors: FieldErrors;
  /** Each form on a page keeps its own autofill section (a book entry and the checkout's). */
  section?: string;
  /** Called with the state's code as it changes: the cart shows tax once the state is known. */
  onStateChange?: (state: string) => void;
}

/**
 * The fields of a US shipping address, uncontrolled (read on submit with FormData) and named
 * as `addressSchema` names them. The autocomplete tokens let the browser and password managers
 * fill a saved address in one tap, which matters most to someone who finds typing hard.
 */
export function AddressFields({
  values = {},
  errors,
  section = 'shipping',
  onStateChange,
}: AddressFieldsProps) {
  const token = (field: string) => `section-${section} shipping ${field}`;
  return (
    <div className="space-y-4">
      <Field
        label="Recipient name"
        name="recipientName"
        autoComplete={token('name')}
        maxLength={100}
        hint="Ordering for someone else? Enter their name and phone number."
        defaultValue={values.recipientName}
        error={errors.recipientName}
      />
      <Field
        label="Address"
        name="line1"
        autoComplete={token('address-line1')}
        maxLength={100}
        hint="Street address or P.O. Box"
        defaultValue={values.line1}
        error={errors.line1}
      />
      <Field
        label="Apartment, suite or unit (optional)"
        name="line2"
        autoComplete={token('address-line2')}
        maxLength={100}
        defaultValue={values.line2}
        error={errors.line2}
      />
      <Field
        label="City"
        name="city"
        autoComplete={token('address-level2')}
        maxLength={60}
        defaultValue={values.city}
        error={errors.city}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="State"
          name="state"
          autoComplete={token('address-level1')}
          options={US_STATES}
          placeholder="Choose a state"
          defaultValue={values.state ?? ''}
          error={errors.state}
          onChange={(event) => onStateChange?.(event.target.value)}
        />
        <Field
          label="ZIP code"
          name="zip"
          autoComplete={token('postal-code')}
          inputMode="numeric"
          maxLength={10}
          defaultValue={values.zip}
          error={errors.zip}
        />
      </div>
      <Field
        label="Phone"
        name="phone"
        type="tel"
        autoComplete={token('tel')}
        maxLength={20}
        hint="For the carrier to arrange delivery"
        defaultValue={values.phone}
        error={errors.phone}
      />
    </div>
  );
}
