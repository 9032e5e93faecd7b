import { Link } from 'react-router';
import { ProductEditor } from '~/features/catalog/components/console/product-editor';
import { ConsoleMessage } from '~/console/console-message';
import { newProductAction } from '~/features/catalog/product-console-actions.server';
import { productChoices } from '~/features/catalog/product-console.server';
import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { requireStaff } from '~/console/staff-access.server';
import type { Route } from './+types/product-new';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaff(context, request);
  return productChoices(context);
}

export function action({ context, request }: Route.ActionArgs) {
  return newProductAction(context, request);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('New product');

const NO_FLAGS = {
  isNew: true,
  isFeatured: false,
  freightOnly: false,
  taxExempt: false,
  hsaFsaEligible: false,
  hsaFsaLetter: false,
  prescriptionRequired: false,
  returnable: true,
};

export default function AdminNewProduct({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/products" className="text-brand underline underline-offset-2">
          Back to products
        </Link>
      </p>
      <h1 className="text-3xl font-bold">New product</h1>
      <p>A new product is saved as a draft: add its images and stock, then publish it.</p>
      <ConsoleMessage />
      <ProductEditor
        values={{}}
        flags={NO_FLAGS}
        placements={loaderData.placements}
        brands={loaderData.brands}
        submitLabel="Create draft"
      />
    </div>
  );
}
