import { lazy, Suspense, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { linkButton, secondaryButton } from '~/components/ui/button-styles';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import { type AddressAnswer, addressLines, type SavedAddress } from '~/commerce/delivery/address-book';
import { useDone } from './use-address-done';

// The form, its fields, the state list and the schema (zod) load when it opens: /account's
// first load stays within its JavaScript budget.
const AddressForm = lazy(() => import('./address-form'));

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
        <Suspense fallback={<p role="status">Loading the address form...</p>}>
          <AddressForm key={editing?.id ?? 'new'} address={editing} values={refused?.values} />
        </Suspense>
      ) : (
        <Link to="/account?address=new#address-form" preventScrollReset className={secondaryButton}>
          Add an address
        </Link>
      )}
    </>
  );
}
