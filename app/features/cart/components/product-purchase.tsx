import { lazy, type ReactNode, Suspense, useId, useRef, useState } from 'react';
import { isPurchasable, type ProductPage } from '~/commerce/catalogue/catalog';
import { AddToCartButton } from './add-to-cart-button';
import { QuantityStepper } from './quantity-stepper';

// Shown only after an add to cart, so its code (and the promotions it checks) is fetched then.
const PromoOffer = lazy(() => import('~/commerce/components/promo-offer'));

type PurchasableProduct = Pick<ProductPage, 'id' | 'name' | 'price' | 'image' | 'link' | 'stock' | 'left'>;

interface ProductPurchaseProps {
  product: PurchasableProduct;
  /** The wishlist toggle beside Add to Cart: the wishlist's, handed in by the route. */
  wishlistButton: ReactNode;
}

/** Quantity, Add to Cart and the wishlist toggle of the product page, then the promo offer. */
export function ProductPurchase({ product, wishlistButton }: ProductPurchaseProps) {
  const [quantity, setQuantity] = useState(1);
  const [offer, setOffer] = useState<'hidden' | 'shown' | 'closed'>('hidden');
  const addButton = useRef<HTMLButtonElement>(null);
  // Without scripts the quantity field posts with the Add to Cart form (docs/decisions/0044).
  const addForm = `add-${useId()}`;

  return (
    <div className="flex flex-col gap-4">
      {isPurchasable(product.stock) ? (
        <QuantityStepper value={quantity} onChange={setQuantity} forms={{ input: addForm }} />
      ) : null}
      <div className="flex flex-wrap gap-3">
        <AddToCartButton
          ref={addButton}
          formId={addForm}
          product={product}
          quantity={quantity}
          label="Add to Cart"
          nameProduct={false}
          className="px-8 text-lg"
          onAdded={() => {
            if (offer === 'hidden') setOffer('shown');
          }}
        />
        {wishlistButton}
      </div>
      {offer === 'shown' ? (
        <Suspense fallback={null}>
          <PromoOffer
            onClose={() => {
              setOffer('closed');
              // The banner held focus; give it back to where the shopper was.
              addButton.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
