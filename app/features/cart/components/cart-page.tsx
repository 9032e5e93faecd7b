import { ShoppingCart } from 'lucide';
import {
  type ComponentType,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { Icon } from '~/components/ui/icon';
import { LoadBoundary } from '~/components/ui/load-boundary';
import { notify } from '~/lib/toast';
import { type CartLine } from '~/commerce/cart/cart';
import { MAX_LINE_QUANTITY } from '~/commerce/cart-limits';
import { clearCart, removeLine, setLineQuantity } from '../cart-actions';
import { type CartState, loadCartClient, useCart } from '../cart-state';
import { refreshCart } from '../cart-sync';
import { CartForm } from './cart-form';
import { CartLineRow } from './cart-line-row';
import type { PaymentMethod } from '~/commerce/checkout/checkout';
import type { OrderQuote } from '~/commerce/checkout/quote';
import { useOrderQuote } from '~/commerce/checkout/use-order-quote';
import type { Destination, SavedAddress } from '~/commerce/delivery/address-book';
import { type ShippingAddressHandle, ShippingAddressStep } from '~/commerce/components/shipping-address-step';
import type { ShippingChoice } from '~/commerce/delivery/shipping-options';
import { storedPromoLabel, useStoredPromoCode } from '~/commerce/promo/promo-storage';
import { OrderSummary } from './order-summary';
import type { CheckoutDialogSlotProps } from '~/commerce/checkout/checkout-slot';
import type { CartBuying } from '~/commerce/organisations/organisations';
import { usePurchaseOrder } from '~/commerce/components/purchase-order-field';

interface CheckoutState {
  /** Each checkout is a new pending order priced now: a new key remounts the dialog. */
  key: number;
  open: boolean;
  loading: boolean;
  method: PaymentMethod;
  promoCode: string | null;
  poNumber: string | null;
  shipping: ShippingChoice;
  destination: Destination;
}

// The page is server-rendered while the cart loads (it lives on the device or behind the
// session): the loading state takes the empty cart's height, so nothing below it moves when
// the cart arrives (no layout shift for the most common answer, an empty cart). 25rem holds the
// empty cart on a phone too, where its sentence takes two lines (398 px; 22.5rem moved the
// footer 38 px, Lighthouse CLS 0.046-0.067 on /cart).
const cartStateBox = 'flex min-h-[25rem] flex-col items-center justify-center text-center';

function EmptyCart() {
  return (
    <div className={`${cartStateBox} gap-4 py-16`}>
      <Icon icon={ShoppingCart} size={48} className="text-muted" />
      <h2 className="text-2xl font-bold">Your cart is empty</h2>
      <p className="text-muted">Find the equipment you need and add it to your cart.</p>
      <Link to="/category/featured" className={primaryButton}>
        Continue Shopping
      </Link>
      <Link to="/quick-order" className="underline">
        Quick order: add products by SKU
      </Link>
    </div>
  );
}

interface CartPageProps {
  CheckoutDialog: ComponentType<CheckoutDialogSlotProps>;
  /** A signed-in shopper's address book, default first (empty for a guest). */
  savedAddresses: readonly SavedAddress[];
  /** The cart as the server knows it (account, or the guest cart cookie): shown without scripts. */
  serverCart: ServerCartView;
  /** What the page's action answered a form posted without scripts. */
  answer?: NoScriptAnswer;
  /** The payment step a valid address posted without scripts leads to (the checkout's). */
  paymentStep?: ReactNode;
  /** A member of an organisation: the purchase order field and invoice terms. */
  buying?: CartBuying | null;
}

/** The server's cart with what a browser without scripts applied: its code and figures. */
export interface ServerCartView extends Pick<CartState, 'account' | 'lines'> {
  promoCode: string | null;
  quote: OrderQuote | null;
}

export type NoScriptAnswer =
  | { intent: string; ok: boolean; message?: string }
  | { intent: 'address'; ok: false; fields: Record<string, string>; values: Record<string, string> }
  | { intent: 'address'; ok: true; shipping: ShippingChoice; quote: OrderQuote | null };

/** Names the address form, so Proceed to Checkout posts it without scripts. */
const ADDRESS_FORM = 'shipping-address';

/** The cart: its lines and where they go, then the order summary. */
const forgetPurchasedCart = () => loadCartClient().then((client) => client.forgetPurchasedCart());

export function CartPage(props: CartPageProps) {
  const { CheckoutDialog, savedAddresses, serverCart, answer, paymentStep, buying } = props;
  const storeCart = useCart();
  // Until the browser has read the cart (and always without scripts), the server's lines.
  const cart: CartState =
    storeCart.status === 'idle' && serverCart.lines.length > 0
      ? { ...serverCart, status: 'ready' }
      : storeCart;
  useEffect(() => {
    // Lines a guest added before scripts ran move into the device cart (docs/decisions/0044).
    if (!serverCart.account && serverCart.lines.length > 0)
      void loadCartClient().then((client) => client.adoptCookieCart(serverCart.lines));
  }, [serverCart]);
  const serverView = storeCart.status === 'idle';
  const storedCode = useStoredPromoCode();
  const applied = serverView ? serverCart.promoCode : storedCode;
  // Without scripts the address form carries the option: the answer says which was chosen.
  const posted = answer && 'shipping' in answer ? answer : undefined;
  const [shipping, setShipping] = useState<ShippingChoice>(posted?.shipping ?? 'standard');
  const [method, setMethod] = useState<PaymentMethod>('card');
  const purchaseOrder = usePurchaseOrder(buying);
  const [destinationState, setDestinationState] = useState<string | null>(savedAddresses[0]?.state ?? null);
  const addressStep = useRef<ShippingAddressHandle>(null);
  const ready = cart.status === 'ready' && cart.lines.length > 0;
  // The server checks the code with every quote: one whose terms the cart no longer meets
  // (BESTSAVE10 with one item) gives nothing, and the summary says why.
  const promoCode = applied;
  const clientQuote = useOrderQuote({
    enabled: ready,
    lines: cart.lines,
    account: cart.account,
    promoCode,
    shipping,
    state: destinationState,
  });
  const quote = serverView
    ? { quote: posted ? posted.quote : serverCart.quote, pending: false, failed: false }
    : clientQuote;
  // A freight cart has Standard only, whatever was chosen before.
  const offered = quote.quote?.offers.some((offer) => offer.choice === shipping) ?? true;
  const effectiveShipping: ShippingChoice = offered ? shipping : 'standard';
  const heading = useRef<HTMLHeadingElement>(null);
  // Quantity changes have no toast; this polite status tells screen reader users.
  const [announcement, setAnnouncement] = useState('');
  // Held here, not in the summary: a paid order empties the cart (and so the summary) while
  // the dialog still shows 'Payment Successful' until the redirect.
  const [checkout, setCheckout] = useState<CheckoutState | null>(null);
  const settled = useCallback(() => setCheckout((c) => c && { ...c, loading: false }), []);

  async function proceed() {
    // The address first: what to fix is shown, and focused, before any payment step.
    const destination = await addressStep.current?.read();
    if (!destination || !purchaseOrder.check()) return;
    setCheckout((c) => ({
      key: (c?.key ?? 0) + 1,
      open: true,
      loading: true,
      method,
      // A code the server said gives nothing to this cart is not sent: the summary said why.
      promoCode: quote.quote?.promoMessage ? null : promoCode,
      poNumber: purchaseOrder.value.trim() || null,
      shipping: effectiveShipping,
      destination,
    }));
  }

  function changeQuantity(line: CartLine, quantity: number) {
    void setLineQuantity(line, quantity);
    setAnnouncement(`${line.name}: quantity ${Math.min(quantity, MAX_LINE_QUANTITY)}.`);
  }
  function remove(line: CartLine) {
    // Its row, which held focus, goes away: keep the shopper's place at the top of the cart.
    heading.current?.focus();
    void removeLine(line);
  }
  function clear() {
    if (!window.confirm('Remove all items from your cart?')) return;
    heading.current?.focus();
    void clearCart();
  }

  let body;
  if (cart.status === 'idle' || cart.status === 'loading') {
    body = (
      <>
        <p id="cart-loading" role="status" className={`${cartStateBox} py-16 text-lg`}>
          Loading your cart...
        </p>
        {/* Without scripts the server's cart is all there is, and it is empty: nothing is loading. */}
        <noscript>
          <style>{'#cart-loading{display:none}'}</style>
          <EmptyCart />
        </noscript>
      </>
    );
  } else if (cart.status === 'error') {
    body = (
      <div role="alert" className="flex flex-col items-start gap-3 py-10">
        <p className="text-lg font-bold">Failed to load cart</p>
        <p>Your cart is safe; we could not reach it just now.</p>
        <button type="button" className={secondaryButton} onClick={() => void refreshCart()}>
          Try again
        </button>
      </div>
    );
  } else if (cart.lines.length === 0) {
    body = <EmptyCart />;
  } else {
    body = (
      <div className="grid gap-8 lg:grid-cols-[1fr_24rem]">
        <section aria-labelledby="cart-lines-title">
          <h2 id="cart-lines-title" className="sr-only">
            Items in your cart
          </h2>
          <ul className="border-t border-border">
            {cart.lines.map((line) => (
              <CartLineRow key={line.id} line={line} onQuantity={changeQuantity} onRemove={remove} />
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap justify-between gap-3">
            <Link to="/category/featured" className={secondaryButton}>
              Continue Shopping
            </Link>
            <Link to="/quick-order" className={secondaryButton}>
              Quick Order
            </Link>
            <CartForm intent="clear">
              <button
                type="submit"
                className={secondaryButton}
                onClick={(event) => {
                  event.preventDefault();
                  clear();
                }}
              >
                Clear cart
              </button>
            </CartForm>
          </div>
          <div className="mt-8">
            <ShippingAddressStep
              ref={addressStep}
              formId={ADDRESS_FORM}
              refused={answer && 'fields' in answer ? answer : undefined}
              saved={savedAddresses}
              signedIn={cart.account}
              onStateChange={setDestinationState}
              onSubmit={() => void proceed()}
            />
          </div>
        </section>
        <OrderSummary
          lines={cart.lines}
          quote={quote}
          applied={applied}
          appliedLabel={serverView ? null : storedPromoLabel()}
          shipping={effectiveShipping}
          onShippingChange={setShipping}
          method={method}
          onMethodChange={setMethod}
          buying={buying}
          purchaseOrder={purchaseOrder}
          checkoutLoading={checkout?.loading ?? false}
          checkoutForm={ADDRESS_FORM}
          promoMessage={answer?.intent === 'promo' && 'message' in answer ? answer.message : undefined}
          onCheckout={() => void proceed()}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 ref={heading} tabIndex={-1} className="mb-6 text-3xl font-bold">
        Your Shopping Cart
      </h1>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {paymentStep}
      {body}
      {checkout ? (
        <LoadBoundary
          key={checkout.key}
          onError={() => {
            setCheckout(null);
            notify.error('Checkout failed', {
              description: 'There was an error processing your checkout. Please try again.',
            });
          }}
        >
          <Suspense fallback={null}>
            <CheckoutDialog
              open={checkout.open}
              onOpenChange={(open) => setCheckout((c) => c && { ...c, open, loading: open && c.loading })}
              lines={cart.lines}
              account={cart.account}
              paymentMethod={checkout.method}
              promoCode={checkout.promoCode}
              poNumber={checkout.poNumber}
              shipping={checkout.shipping}
              destination={checkout.destination}
              onSettled={settled}
              onPurchased={forgetPurchasedCart}
            />
          </Suspense>
        </LoadBoundary>
      ) : null}
    </div>
  );
}
