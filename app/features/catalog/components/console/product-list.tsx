import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { Field, SelectField } from '~/components/ui/field';
import { formatPrice } from '~/commerce/money';
import type { ProductFilter, StaffProductRow } from '../../product-admin-queries.server';
import { type ConsoleColumn, ConsoleList } from '~/console/console-list';
import { ConsoleSearchForm } from '~/console/console-search-form';

function query(filter: ProductFilter, page: number) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

function productColumns(categoryName: Map<string, string>): ConsoleColumn<StaffProductRow>[] {
  return [
    {
      header: 'Product',
      rowHeader: true,
      cellClassName: 'p-2 font-normal',
      cell: (p) => (
        <Link to={`/admin/products/${p.id}`} className="text-brand underline underline-offset-2">
          {p.name}
        </Link>
      ),
    },
    { header: 'SKU', cell: (p) => p.sku },
    { header: 'Category', cell: (p) => categoryName.get(p.category) ?? p.category },
    { header: 'Price', className: 'p-2 text-right', cell: (p) => formatPrice(p.price) },
    { header: 'On hand', className: 'p-2 text-right', cell: (p) => p.onHand },
    { header: 'Storefront', cell: (p) => (p.published ? 'Published' : 'Not published') },
  ];
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
        <div className="flex flex-wrap gap-3">
          <a href="/admin/products.csv" download className={secondaryButton}>
            Export CSV
          </a>
          <Link to="/admin/product-import" className={secondaryButton}>
            Import CSV
          </Link>
          <Link to="/admin/products/new" className={primaryButton}>
            New product
          </Link>
        </div>
      </div>
      <ConsoleSearchForm label="Products" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
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
      </ConsoleSearchForm>
      <ConsoleList
        rows={products}
        rowKey={(p) => p.id}
        emptyMessage="No products match."
        caption={<>Products, page {page}</>}
        columns={productColumns(categoryName)}
        pager={{
          label: 'Pages of products',
          page,
          hasNext,
          hrefFor: (to) => `/admin/products${query(filter, to)}`,
        }}
      />
    </div>
  );
}
