import { ProductList } from '~/features/catalog/components/console/product-list';
import { listProductsForStaff, type ProductFilter } from '~/features/catalog/product-admin-queries.server';
import { productChoices } from '~/features/catalog/product-console.server';
import { CONSOLE_HEADERS, consoleMeta, pageParam, searchText } from '~/console/console';
import { noFormAction, requireStaff } from '~/console/staff-access.server';
import type { Route } from './+types/products';

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | '' =>
  allowed.includes(value as T) ? (value as T) : '';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaff(context, request);
  const params = new URL(request.url).searchParams;
  const { categories } = await productChoices(context);
  const filter: ProductFilter = {
    q: searchText(params.get('q')),
    category: oneOf(
      params.get('category'),
      categories.map((c) => c.id),
    ),
    stock: oneOf(params.get('stock'), ['in', 'low', 'out'] as const),
    published: oneOf(params.get('published'), ['yes', 'no'] as const),
  };
  const page = pageParam(params.get('page'));
  const { products, hasNext } = await listProductsForStaff(context.services.database.db, filter, page);
  return { products, filter, categories, page, hasNext };
}

export const action = noFormAction;

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Products');

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  return <ProductList {...loaderData} />;
}
