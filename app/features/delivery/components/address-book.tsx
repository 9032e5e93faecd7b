import { type FormEvent, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { linkButton, primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { notify } from '~/lib/toast';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import { useFormErrors } from '~/lib/use-form-errors';
import { addressSchema } from '../address.schema';
import { ADDRESS_FIELDS, type AddressAnswer, addressLines, type SavedAddress } from '../address-book';
import { AddressFields } from './address-fields';

const BOOK = '/account#address-book';

/** After a change: the list as it is now, the form closed, and the shopper told. */
function useDone() {
  const navigate = useNavigate();
  return (answer: AddressAnswer, focus?: HTMLElement | null) => {
    if (!answer.ok) {
      if (answer.message) notify.error(answer.message);
      return;
    }
    notify.success(answer.message ?? '');
    void Promise.resolve(navigate(BOOK, { replace: true, preventScrollReset: true })).then(() =>
      focus?.focus(),
    );
  };
}

function AddressForm({ address, values }: { address?: SavedAddress; values?: Record<string, string> }) {
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

/** One saved address: its lines, and Edit, Make default and Delete. */
function AddressEntry({ address }: { address: SavedAddress }) {
  const done = useDone();
  const listHeading = () => document.getElementById('address-book');
  const removing = useActionForm<AddressAnswer>('address-delete', (answer) => done(answer, listHeading()));
  const defaulting = useActionForm<AddressAnswer>('address-default', (answer) => done(answer, listHeading()));
  const who = address.recipientName;
  const entryRef = useRef<HTMLLIElement>(null);

  return (
    <li ref={entryRef} className="flex flex-col gap-3 py-4 sm:flex-row sm:justify-between">
      <div>
        {address.isDefault ? <p className="mb-1 text-sm font-bold text-success">Default address</p> : null}
        <address className="not-italic">
          {addressLines(address).map((line, i) => (
            // The lines of one address never change order: the index is a stable key.
            <span key={i} className="block break-words">
              {line}
            </span>
          ))}
        </address>
      </div>
      <div className="flex flex-wrap items-start gap-2">
        <Link to={`/account?address=${address.id}#address-form`} preventScrollReset className={linkButton}>
          Edit<span className="sr-only"> the address of {who}</span>
        </Link>
        {address.isDefault ? null : (
          <form
            method="post"
            onSubmit={(event) => {
              event.preventDefault();
              if (!defaulting.pending) defaulting.submit(event.currentTarget);
            }}
          >
            <input type="hidden" name="intent" value="address-default" />
            <input type="hidden" name="id" value={address.id} />
            <button type="submit" className={linkButton} disabled={defaulting.pending}>
              Make default<span className="sr-only"> the address of {who}</span>
            </button>
          </form>
        )}
        <form
          method="post"
          onSubmit={(event) => {
            event.preventDefault();
            if (removing.pending || !window.confirm(`Delete the address of ${who}?`)) return;
            removing.submit(event.currentTarget);
          }}
        >
          <input type="hidden" name="intent" value="address-delete" />
          <input type="hidden" name="id" value={address.id} />
          <button type="submit" className={linkButton} disabled={removing.pending}>
            Delete<span className="sr-only"> the address of {who}</span>
          </button>
        </form>
      </div>
    </li>
  );
}

/**
 * The address book on /account: the saved addresses (default first), each to edit, make the
 * default or delete, and a form to add one. The form opens by address (?address=new or an id),
 * so every step works without scripts too.
 */
export function AddressBook({ addresses }: { addresses: readonly SavedAddress[] }) {
  const [params] = useSearchParams();
  const posted = usePostedAnswer<AddressAnswer>('address-save');
  const refused = posted && !posted.ok ? posted : undefined;
  const asked = refused?.values?.id || params.get('address');
  const editing = addresses.find((a) => a.id === asked);
  const adding = !editing && (asked === 'new' || (refused !== undefined && !refused.values?.id));

  return (
    <>
      <p id="address-book" tabIndex={-1} className="sr-only">
        {addresses.length === 1 ? '1 saved address' : `${addresses.length} saved addresses`}
      </p>
      {addresses.length === 0 ? (
        <p>You have no saved addresses yet. Add one here, or save it when you check out.</p>
      ) : (
        <ul aria-label="Saved addresses" className="divide-y divide-border border-y border-border">
          {addresses.map((address) => (
            <AddressEntry key={address.id} address={address} />
          ))}
        </ul>
      )}
      {editing || adding ? (
        <AddressForm key={editing?.id ?? 'new'} address={editing} values={refused?.values} />
      ) : (
        <Link to="/account?address=new#address-form" preventScrollReset className={secondaryButton}>
          Add an address
        </Link>
      )}
    </>
  );
}
