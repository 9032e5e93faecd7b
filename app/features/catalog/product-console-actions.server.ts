import { type AppLoadContext, data, redirect } from 'react-router';
import type { FormAnswer } from '~/lib/form-answer';
import { answer, invalidFields, runIntent } from '~/lib/form-action.server';
import { requireStaff, type StaffUser } from '~/console/staff-access.server';
import { catalogueStore } from '~/commerce/catalogue/catalogue-store.server';
import {
  PRODUCT_FORM_FIELDS,
  productSchema,
  renderedNumberSchema,
  stockSchema,
} from './product-admin.schema';
import { ProductAdminError, saveProduct, setPublished, setStock } from './product-admin.server';
import { addProductImage, removeProductImage } from './product-images.server';

export type ProductConsoleAnswer = FormAnswer;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

function refused(intent: string, error: unknown) {
  if (error instanceof ProductAdminError) {
    return answer<ProductConsoleAnswer>({ intent, ok: false, message: error.message }, { status: 409 });
  }
  throw error;
}

/** A form whose hidden values are not what the page rendered (stale, or made by hand). */
function reload(intent: string) {
  return answer<ProductConsoleAnswer>(
    { intent, ok: false, message: 'Reload the product and try again.' },
    { status: 400 },
  );
}

/** A checkbox left unticked is not sent at all. */
const CHECKBOXES = new Set([
  'isNew',
  'isFeatured',
  'freightOnly',
  'taxExempt',
  'hsaFsaEligible',
  'hsaFsaLetter',
  'prescriptionRequired',
  'returnable',
  'refillable',
]);

/** The editor's fields as typed (for the form again after a refusal) and as the schema reads them. */
function productFields(form: FormData) {
  const values: Record<string, string> = {};
  const input: Record<string, string | undefined> = {};
  for (const name of PRODUCT_FORM_FIELDS) {
    const value = form.get(name);
    if (typeof value === 'string') {
      values[name] = value;
      input[name] = value;
    } else input[name] = CHECKBOXES.has(name) ? undefined : '';
  }
  return { values, input };
}

async function save(context: AppLoadContext, staff: StaffUser, form: FormData, id: string | null) {
  const intent = 'save';
  const { values, input } = productFields(form);
  const parsed = productSchema.safeParse(input);
  if (!parsed.success) return invalidFields<ProductConsoleAnswer>({ intent, values }, parsed.error.issues);
  let saved: string;
  try {
    saved = await saveProduct(context.services.database.db, staff, parsed.data, id);
  } catch (error) {
    if (error instanceof ProductAdminError) {
      return answer<ProductConsoleAnswer>(
        { intent, ok: false, values, message: error.message },
        { status: 409 },
      );
    }
    throw error;
  }
  await catalogueStore(context.services).changed([saved]);
  if (!id) throw redirect(`/admin/products/${saved}?created=1`);
  return answer<ProductConsoleAnswer>({
    intent,
    ok: true,
    message: 'Saved. The storefront shows the change now.',
  });
}

/** The action of /admin/products/new: create a draft product, then edit it. */
export async function newProductAction(context: AppLoadContext, request: Request) {
  const staff = await requireStaff(context, request);
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    { save: ({ form }) => save(context, staff, form, null) },
  );
}

/** The action of /admin/products/:productId: each form posts its intent. */
export async function productAction(context: AppLoadContext, request: Request, productId: string) {
  const staff = await requireStaff(context, request);
  const { services } = context;
  const db = services.database.db;
  const exists = /^[a-z0-9-]{1,100}$/.test(productId)
    ? await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst()
    : undefined;
  if (!exists) throw data(null, { status: 404 });
  const changed = () => catalogueStore(services).changed([productId]);
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      save: ({ form }) => save(context, staff, form, productId),
      async publish({ form }) {
        const publish = text(form, 'published') === 'yes';
        await setPublished(db, staff, productId, publish);
        await changed();
        return answer<ProductConsoleAnswer>({
          intent: 'publish',
          ok: true,
          message: publish
            ? 'Published: the product is on the storefront.'
            : 'Unpublished: the product is hidden from the storefront.',
        });
      },
      async stock({ form }) {
        const parsed = stockSchema.safeParse({ onHand: text(form, 'onHand'), reason: text(form, 'reason') });
        const expected = renderedNumberSchema.safeParse(text(form, 'expected'));
        if (!expected.success) return reload('stock');
        if (!parsed.success) {
          return invalidFields<ProductConsoleAnswer>(
            { intent: 'stock', values: { onHand: text(form, 'onHand'), reason: text(form, 'reason') } },
            parsed.error.issues,
          );
        }
        try {
          await setStock(db, staff, productId, parsed.data.onHand, parsed.data.reason, expected.data);
        } catch (error) {
          return refused('stock', error);
        }
        await changed();
        return answer<ProductConsoleAnswer>({
          intent: 'stock',
          ok: true,
          message: `Stock set to ${parsed.data.onHand}.`,
        });
      },
      async 'image-add'({ form }) {
        const file = form.get('image');
        const alt = text(form, 'alt').trim();
        const fields: Record<string, string> = {};
        if (!(file instanceof File) || file.size === 0) fields.image = 'Choose a JPEG, PNG or WebP image.';
        if (alt.length < 3 || alt.length > 200)
          fields.alt = 'Describe the image for people who cannot see it (3 to 200 characters)';
        if (Object.keys(fields).length > 0 || !(file instanceof File)) {
          return data({ intent: 'image-add', ok: false, fields } satisfies ProductConsoleAnswer, {
            status: 400,
          });
        }
        try {
          await addProductImage(db, context.services.jobs, staff, productId, file, alt);
        } catch (error) {
          if (error instanceof ProductAdminError) {
            return data(
              {
                intent: 'image-add',
                ok: false,
                fields: { image: error.message },
              } satisfies ProductConsoleAnswer,
              { status: 400 },
            );
          }
          throw error;
        }
        return answer<ProductConsoleAnswer>({
          intent: 'image-add',
          ok: true,
          message: 'Image received. It appears on the product in a few seconds, once it is resized.',
        });
      },
      async 'image-remove'({ form }) {
        const position = renderedNumberSchema.safeParse(text(form, 'position'));
        if (!position.success) return reload('image-remove');
        try {
          await removeProductImage(db, staff, productId, position.data);
        } catch (error) {
          return refused('image-remove', error);
        }
        await changed();
        return answer<ProductConsoleAnswer>({ intent: 'image-remove', ok: true, message: 'Image removed.' });
      },
    },
  );
}
