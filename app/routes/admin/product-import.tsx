import { ProductImportPage } from '~/features/catalog/components/console/product-import-page';
import { productImportAction } from '~/features/catalog/import/import-console.server';
import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { requireStaff } from '~/console/staff-access.server';
import type { Route } from './+types/product-import';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaff(context, request);
  return null;
}

export function action({ context, request }: Route.ActionArgs) {
  return productImportAction(context, request);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Import products');

export default function AdminProductImport() {
  return <ProductImportPage />;
}
