import type { ReactNode } from 'react';
import { Tabs } from '~/components/ui/tabs';
import type { Product } from '~/commerce/catalogue/catalog.types';

export function ProductTabs({
  product,
  reviews,
}: {
  product: Pick<Product, 'features' | 'specifications'>;
  /** The Reviews tab's content: the reviews feature's, from the route. */
  reviews: ReactNode;
}) {
  return (
    <div className="mt-12">
      <Tabs
        label="Product information"
        items={[
          {
            id: 'features',
            label: 'Features',
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
                </tbody>
              </table>
            ),
          },
          { id: 'reviews', label: 'Reviews', content: reviews },
        ]}
      />
    </div>
  );
}
