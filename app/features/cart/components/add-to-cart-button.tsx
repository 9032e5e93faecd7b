import { ShoppingCart } from 'lucide';
import { type MouseEvent, type Ref, useState } from 'react';
import { primaryButton } from '~/components/ui/button-styles';
import { Icon } from '~/components/ui/icon';
import { notify } from '~/lib/toast';
import { isPurchasable } from '~/commerce/catalogue/catalog';
import type { StockStatus } from '~/commerce/catalogue/catalog.types';
import { loadCartClient } from '../cart-state';
import { CartForm } from './cart-form';

interface AddToCartButtonProps {
  product: {
    id: string;
    name: string;
    price: number;
    image: string;
    stock?: StockStatus;
    left?: number | null;
  };
  quantity?: number;
  /**
   * 'Add' (grid cards) is named "Add {name} to cart"; 'Add to Cart' keeps its visible words
   * first and adds the product name for screen readers unless the page is about the product.
   */
  label: 'Add' | 'Add to Cart';
  nameProduct?: boolean;
  className?: string;
  onAdded?: () => void;
  ref?: Ref<HTMLButtonElement>;
  /**
   * The id of its form, when a quantity field elsewhere posts with it (the product page's
   * stepper); otherwise the form carries `quantity` itself.
   */
  formId?: string;
}

/** Adds to the cart; the cart code is fetched on first use if it is not there yet. */
export function AddToCartButton(props: AddToCartButtonProps) {
  const { product, quantity = 1, label, nameProduct = true, className = '', onAdded, ref, formId } = props;
  const [busy, setBusy] = useState(false);
  // The visible words come first in the name, so speech control users can say them.
  const named = (words: string) => (nameProduct ? `${words}: ${product.name}` : undefined);

  if (product.stock && !isPurchasable(product.stock)) {
    return (
      <button
        type="button"
        disabled
        aria-label={named('Out of Stock')}
        className={`${primaryButton} ${className}`}
      >
        Out of Stock
      </button>
    );
  }

  async function add(event: MouseEvent<HTMLButtonElement>) {
    // With scripts the device or account cart takes the add here; the form posts only without.
    event.preventDefault();
    // Ignored rather than disabled while adding, so keyboard focus stays on the button.
    if (busy) return;
    setBusy(true);
    try {
      const client = await loadCartClient();
      const { id, name, price, image, stock, left } = product;
      if (await client.addToCart({ id, name, price, image, stock, left }, quantity)) onAdded?.();
    } catch {
      notify.error('Failed to add to cart', {
        description: 'There was an error adding this item to your cart.',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <CartForm
      intent="add"
      id={formId}
      fields={formId ? { productId: product.id } : { productId: product.id, quantity }}
      className="contents"
    >
      <button
        ref={ref}
        type="submit"
        className={`${primaryButton} ${className}`}
        aria-label={label === 'Add' ? `Add ${product.name} to cart` : named(label)}
        aria-busy={busy || undefined}
        onClick={(event) => void add(event)}
      >
        <Icon icon={ShoppingCart} size={20} />
        {label}
      </button>
    </CartForm>
  );
}
