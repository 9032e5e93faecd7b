import { Trash2 } from 'lucide';
import { Link } from 'react-router';
import { FallbackImage } from '~/components/ui/fallback-image';
import { Icon } from '~/components/ui/icon';
import { formatPrice } from '~/commerce/money';
import { PLACEHOLDER_IMAGE } from '~/commerce/catalogue/catalog';
import type { CartLine } from '~/commerce/cart/cart';
import { CartForm } from './cart-form';
import { QuantityStepper } from './quantity-stepper';

interface CartLineRowProps {
  line: CartLine;
  onQuantity: (line: CartLine, quantity: number) => void;
  onRemove: (line: CartLine) => void;
}

/** One cart line: picture, name, unit price, quantity, line total and remove. */
export function CartLineRow({ line, onQuantity, onRemove }: CartLineRowProps) {
  // Without scripts, each change is a form of its own that the row's controls submit.
  const which = { lineId: line.id, productId: line.product_id };
  const form = (name: string) => `cart-${name}-${line.id}`;
  return (
    <li className="flex flex-col gap-4 border-b border-border py-5 sm:flex-row">
      <FallbackImage
        src={line.image_url || PLACEHOLDER_IMAGE}
        fallbackSrc={PLACEHOLDER_IMAGE}
        alt=""
        width={112}
        height={112}
        loading="lazy"
        className="h-28 w-28 shrink-0 rounded-md bg-surface object-contain"
      />
      <div className="flex flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="text-lg font-bold">
            <Link to={`/product/${line.product_id}`} className="underline-offset-2 hover:underline">
              {line.name}
            </Link>
          </h3>
          <p>
            <span className="text-muted">Unit price </span>
            {formatPrice(line.price)}
          </p>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CartForm intent="quantity" id={form('less')} fields={{ ...which, quantity: line.quantity - 1 }} />
          <CartForm intent="quantity" id={form('more')} fields={{ ...which, quantity: line.quantity + 1 }} />
          <CartForm intent="quantity" id={form('set')} fields={which} />
          <QuantityStepper
            value={line.quantity}
            itemName={line.name}
            onChange={(quantity) => onQuantity(line, quantity)}
            forms={{ input: form('set'), decrease: form('less'), increase: form('more') }}
          />
          <noscript>
            <button
              type="submit"
              form={form('set')}
              className="min-h-11 rounded-md border border-border px-3 font-bold"
            >
              Update<span className="sr-only"> quantity of {line.name}</span>
            </button>
          </noscript>
          <p className="text-lg">
            <span className="text-muted">Total </span>
            <span className="sr-only">for {line.name} </span>
            <strong>{formatPrice(line.price * line.quantity)}</strong>
          </p>
        </div>
        <CartForm intent="remove" fields={which} className="self-start">
          <button
            type="submit"
            onClick={(event) => {
              event.preventDefault();
              onRemove(line);
            }}
            className="inline-flex min-h-11 items-center gap-2 self-start rounded-md px-2 font-bold text-danger underline underline-offset-2 hover:bg-surface"
          >
            <Icon icon={Trash2} size={20} />
            Remove<span className="sr-only"> {line.name} from your cart</span>
          </button>
        </CartForm>
      </div>
    </li>
  );
}
