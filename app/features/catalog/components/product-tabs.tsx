import * as Tabs from '@radix-ui/react-tabs';
import { StarRating } from '~/components/ui/star-rating';
import type { Product } from '../catalog.types';

const trigger =
  'min-h-11 border-b-2 border-transparent px-4 font-bold text-muted data-[state=active]:border-brand data-[state=active]:text-fg';

export function ProductTabs({
  product,
}: {
  product: Pick<Product, 'features' | 'specifications' | 'rating' | 'reviewCount'>;
}) {
  return (
    <Tabs.Root defaultValue="features" className="mt-12">
      <Tabs.List aria-label="Product information" className="flex gap-2 border-b border-border">
        <Tabs.Trigger value="features" className={trigger}>
          Features
        </Tabs.Trigger>
        <Tabs.Trigger value="specifications" className={trigger}>
          Specifications
        </Tabs.Trigger>
        <Tabs.Trigger value="reviews" className={trigger}>
          Reviews
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="features" className="py-6">
        <ul className="list-disc space-y-2 pl-6">
          {product.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </Tabs.Content>
      <Tabs.Content value="specifications" className="py-6">
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
      </Tabs.Content>
      <Tabs.Content value="reviews" className="py-6">
        <StarRating rating={product.rating} reviewCount={product.reviewCount} size={20} />
        <p className="mt-2">
          Rated {product.rating} out of 5 by {product.reviewCount} customers. Written reviews are not shown on
          our site yet.
        </p>
      </Tabs.Content>
    </Tabs.Root>
  );
}
