import { type AppLoadContext, data, redirect } from 'react-router';
import { answer, type FormArgs, invalidFields } from '~/lib/form-action.server';
import { ENHANCED_FIELD, textFields } from '~/lib/form-answer';
import { requireUser } from '~/lib/session.server';
import { addressSchema } from '~/commerce/delivery/address.schema';
import {
  ADDRESS_BOOK_FULL,
  ADDRESS_FIELDS,
  ADDRESS_NOT_FOUND,
  ADDRESS_TEXT,
  type AddressAnswer,
} from '~/commerce/delivery/address-book';
import {
  AddressBookFullError,
  deleteAddress,
  saveAddress,
  setDefaultAddress,
} from '~/commerce/delivery/address-book.server';

type Args = FormArgs<AppLoadContext>;

/** Someone else's address, or an id that is none: as if it did not exist. */
const notFound = () => data(ADDRESS_NOT_FOUND, { status: 404 });

/** Done: a script gets the answer; a plain POST goes back to the book (the list shows the change). */
function done(form: FormData, value: AddressAnswer) {
  if (form.has(ENHANCED_FIELD)) return answer(value);
  return redirect('/account#address-book');
}

const idOf = (form: FormData) => {
  const id = form.get('id');
  return typeof id === 'string' ? id : '';
};

async function save({ context, request, form }: Args) {
  const user = await requireUser(context, request);
  const values = textFields(form, ADDRESS_FIELDS);
  const id = idOf(form) || undefined;
  const parsed = addressSchema.safeParse(values);
  if (!parsed.success) {
    return invalidFields<AddressAnswer>(
      { intent: 'address-save', values: { ...values, id: id ?? '' } },
      parsed.error.issues,
    );
  }
  try {
    const saved = await saveAddress(context.services.database.db, user.id, parsed.data, {
      id,
      makeDefault: form.get('makeDefault') === 'on',
    });
    if (!saved) throw notFound();
  } catch (error) {
    if (!(error instanceof AddressBookFullError)) throw error;
    return answer<AddressAnswer>(
      { intent: 'address-save', ok: false, message: ADDRESS_BOOK_FULL, values },
      { status: 409 },
    );
  }
  return done(form, { intent: 'address-save', ok: true, message: ADDRESS_TEXT.saved });
}

async function remove({ context, request, form }: Args) {
  const user = await requireUser(context, request);
  if (!(await deleteAddress(context.services.database.db, user.id, idOf(form)))) throw notFound();
  return done(form, { intent: 'address-delete', ok: true, message: ADDRESS_TEXT.deleted });
}

async function makeDefault({ context, request, form }: Args) {
  const user = await requireUser(context, request);
  if (!(await setDefaultAddress(context.services.database.db, user.id, idOf(form)))) throw notFound();
  return done(form, { intent: 'address-default', ok: true, message: ADDRESS_TEXT.madeDefault });
}

/** The address book's forms on /account, by intent (the account page's action runs them). */
export const addressBookIntents = {
  'address-save': save,
  'address-delete': remove,
  'address-default': makeDefault,
};
