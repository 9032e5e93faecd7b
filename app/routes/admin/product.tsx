import { data, Link } from 'react-router';
import { ProductEditor } from '~/features/catalog/components/console/product-editor';
import { ConsoleMessage } from '~/console/console-message';
import {
  ImagePanel,
  PublishPanel,
  StockPanel,
} from '~/features/catalog/components/console/product-side-panels';
import { productForStaff } from '~/features/catalog/product-admin-queries.server';
import { productAction } from '~/features/catalog/product-console-actions.server';
import { productChoices } from '~/features/catalog/product-console.server';
import { CONSOLE_HEADERS, consoleMeta } from '~/console/console';
import { requireStaff } from '~/console/staff-access.server';
import type { Route } from './+types/product';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaff(context, request);
  const [product, choices] = await Promise.all([
    productForStaff(context.services.database.db, params.productId),
    productChoices(context),
  ]);
  if (!product) throw data(null, { status: 404 });
  const created = new URL(request.url).searchParams.has('created');
  return { product, created, placements: choices.placements, brands: choices.brands };
}

export function action({ context, request, params }: Route.ActionArgs) {
  return productAction(context, request, params.productId);
}

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = ({ data: loaded }) =>
  consoleMeta(loaded ? `Edit ${loaded.product.values.name}` : 'Product');

function Panel({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-md border border-border p-4">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function AdminProduct({ loaderData }: Route.ComponentProps) {
  const { product, created, placements, brands } = loaderData;
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/products" className="text-brand underline underline-offset-2">
          Back to products
        </Link>
        {product.published ? (
          <>
            {' · '}
            <Link to={`/product/${product.id}`} className="text-brand underline underline-offset-2">
              See it on the storefront
            </Link>
          </>
        ) : null}
      </p>
      <h1 className="text-3xl font-bold break-words">{product.values.name}</h1>
      {created ? (
        <p role="status" className="rounded-md border-2 border-success p-3 font-bold text-success">
          Draft created. Add images and stock, then publish it.
        </p>
      ) : null}
      <ConsoleMessage />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <ProductEditor
          values={product.values}
          flags={product.flags}
          placements={placements}
          brands={brands}
          submitLabel="Save changes"
        />
        <div className="space-y-6">
          <Panel title="Storefront" id="product-publish">
            <PublishPanel published={product.published} />
          </Panel>
          <Panel title="Stock" id="product-stock">
            <StockPanel onHand={product.onHand} history={product.history} />
          </Panel>
          <Panel title="Images" id="product-images">
            <ImagePanel images={product.images} />
          </Panel>
        </div>
      </div>
    </div>
  );
}
