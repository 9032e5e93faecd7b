import type { ReactNode } from 'react';
import { Tabs } from '~/components/ui/tabs';
import type { Product } from '~/commerce/catalogue/catalog.types';

export const PRODUCT_TABS = ['features', 'specifications', 'reviews'] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];

/** The tab a product page's URL asks for (?tab=), or the first. */
export function productTabOf(searchParams: URLSearchParams): ProductTab {
  const asked = searchParams.get('tab');
  return PRODUCT_TABS.find((tab) => tab === asked) ?? 'features';
}

export function ProductTabs({
  product,
  reviews,
  open,
}: {
  product: Pick<Product, 'features' | 'specifications' | 'link' | 'hcpcsCode'>;
  /** The Reviews tab's content: the reviews feature's, from the route. */
  reviews: ReactNode;
  /** The tab open at first: a tab is a link until the page is interactive, so a click on a slow
   * phone before then opens the same page on that tab instead of being lost. */
  open: ProductTab;
}) {
  const href = (tab: ProductTab) => `${product.link}?tab=${tab}#product-information`;
  return (
    <div className="mt-12" id="product-information">
      <Tabs
        label="Product information"
        defaultValue={open}
        items={[
          {
            id: 'features',
            label: 'Features',
            href: href('features'),
            content: (
              <ul className="list-disc space-y-2 pl-6">
                {product.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            ),
          },
          {
            id: 'specifications',
            label: 'Specifications',
            href: href('specifications'),
            content: (
              <table className="w-full max-w-2xl text-left">
                <caption className="sr-only">Specifications</caption>
                <tbody>
                  {product.specifications.map((row) => (
                    <tr key={row.name} className="border-b border-border">
                      <th scope="row" className="py-2 pr-4 font-bold">
                        {row.name}
                      </th>
                      <td className="py-2">{row.value}</td>
                    </tr>
                  ))}
                  {product.hcpcsCode ? (
                    <tr className="border-b border-border">
                      <th scope="row" className="py-2 pr-4 font-bold">
                        HCPCS code
                      </th>
                      <td className="py-2">{product.hcpcsCode}</td>
                    </tr>
                  ) : null}
                </tbody>
              </table>
            ),
          },
          { id: 'reviews', label: 'Reviews', href: href('reviews'), content: reviews },
        ]}
      />
    </div>
  );
}
