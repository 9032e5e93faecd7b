import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import { useFormErrors } from '~/lib/use-form-errors';
import { addressSchema } from '~/commerce/delivery/address.schema';
import { ADDRESS_FIELDS, type AddressAnswer, type SavedAddress } from '~/commerce/delivery/address-book';
import { AddressFields } from '~/commerce/components/address-fields';
import { BOOK, useDone } from './use-address-done';

/** Adds an address to the book, or edits one: loaded when the address book opens it. */
export default function AddressForm({
  address,
  values,
}: {
  address?: SavedAddress;
  values?: Record<string, string>;
}) {
  const posted = usePostedAnswer<AddressAnswer>('address-save');
  const { formRef, errors, check, showErrors } = useFormErrors(posted?.fields);
  const done = useDone();
  const { pending, submit } = useActionForm<AddressAnswer>('address-save', (answer) => {
    if (answer.fields) showErrors(answer.fields);
    done(answer, document.getElementById('address-book'));
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const typed = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, String(data.get(f) ?? '')]));
    if (pending || !check(addressSchema, typed)) return;
    submit(event.currentTarget);
  }

  const title = address ? 'Edit address' : 'Add an address';
  return (
    <form
      ref={formRef}
      id="address-form"
      method="post"
      noValidate
      aria-label={title}
      onSubmit={onSubmit}
      className="space-y-4 rounded-md border border-border p-4"
    >
      <h3 className="text-xl font-bold">{title}</h3>
      <input type="hidden" name="intent" value="address-save" />
      {address ? <input type="hidden" name="id" value={address.id} /> : null}
      <AddressFields values={values ?? address} errors={errors} section="address-book" />
      {address?.isDefault ? null : (
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" name="makeDefault" className="h-5 w-5" />
          Make this my default address
        </label>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButton} disabled={pending}>
          {pending ? 'Saving...' : 'Save address'}
        </button>
        <Link to={BOOK} replace preventScrollReset className={secondaryButton}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
