import { Form, Link } from 'react-router';
import { primaryButton } from '~/components/ui/button-styles';
import { Field, SelectField } from '~/components/ui/field';
import { formatPrice } from '~/lib/money';
import type { ProductFilter, StaffProductRow } from '../../product-admin.server';
import { ConsolePager } from '~/console/console-pager';

function query(filter: ProductFilter, page: number) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function ProductList({
  products,
  filter,
  categories,
  page,
  hasNext,
}: {
  products: StaffProductRow[];
  filter: ProductFilter;
  categories: { id: string; name: string }[];
  page: number;
  hasNext: boolean;
}) {
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Products</h1>
        <Link to="/admin/products/new" className={primaryButton}>
          New product
        </Link>
      </div>
      <Form
        method="get"
        role="search"
        aria-label="Products"
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
      >
        <Field
          label="Find products"
          name="q"
          type="search"
          defaultValue={filter.q}
          hint="Name, SKU or id"
          maxLength={100}
        />
        <SelectField
          label="Category"
          name="category"
          defaultValue={filter.category}
          options={[['', 'All categories'], ...categories.map((c) => [c.id, c.name] as const)]}
        />
        <SelectField
          label="Stock"
          name="stock"
          defaultValue={filter.stock}
          options={[
            ['', 'Any stock'],
            ['in', 'In stock'],
            ['low', 'Low stock'],
            ['out', 'Out of stock'],
          ]}
        />
        <SelectField
          label="Published"
          name="published"
          defaultValue={filter.published}
          options={[
            ['', 'Published or not'],
            ['yes', 'Published'],
            ['no', 'Not published'],
          ]}
        />
        <div className="lg:col-span-4">
          <button type="submit" className={primaryButton}>
            Filter
          </button>
        </div>
      </Form>
      {products.length === 0 ? (
        <p role="status">No products match.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left">
            <caption className="sr-only">Products, page {page}</caption>
            <thead>
              <tr className="border-b-2 border-border">
                <th scope="col" className="p-2">
                  Product
                </th>
                <th scope="col" className="p-2">
                  SKU
                </th>
                <th scope="col" className="p-2">
                  Category
                </th>
                <th scope="col" className="p-2 text-right">
                  Price
                </th>
                <th scope="col" className="p-2 text-right">
                  On hand
                </th>
                <th scope="col" className="p-2">
                  Storefront
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((p) => (
                <tr key={p.id} className="border-b border-border align-top">
                  <th scope="row" className="p-2 font-normal">
                    <Link to={`/admin/products/${p.id}`} className="text-brand underline underline-offset-2">
                      {p.name}
                    </Link>
                  </th>
                  <td className="p-2">{p.sku}</td>
                  <td className="p-2">{categoryName.get(p.category) ?? p.category}</td>
                  <td className="p-2 text-right">{formatPrice(p.price)}</td>
                  <td className="p-2 text-right">{p.onHand}</td>
                  <td className="p-2">{p.published ? 'Published' : 'Not published'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConsolePager
        label="Pages of products"
        page={page}
        hasNext={hasNext}
        hrefFor={(to) => `/admin/products${query(filter, to)}`}
      />
    </div>
  );
}
