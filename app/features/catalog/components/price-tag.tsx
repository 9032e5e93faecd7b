import { formatPrice } from '~/commerce/money';

/** Price, with the original price struck through when on sale. */
export function PriceTag({
  price,
  originalPrice,
  size = 'md',
}: {
  price: number;
  originalPrice?: number;
  size?: 'md' | 'lg';
}) {
  const onSale = originalPrice !== undefined && originalPrice > price;
  return (
    <p className="flex flex-wrap items-baseline gap-2">
      <span className={`font-bold ${size === 'lg' ? 'text-3xl' : 'text-lg'}`}>
        {onSale ? <span className="sr-only">Sale price </span> : null}
        {formatPrice(price)}
      </span>
      {onSale ? (
        <span className={`text-muted line-through ${size === 'lg' ? 'text-lg' : 'text-sm'}`}>
          <span className="sr-only">Original price </span>
          {formatPrice(originalPrice)}
        </span>
      ) : null}
    </p>
  );
}
