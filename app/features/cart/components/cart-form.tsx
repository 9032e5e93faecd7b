import type { ReactNode } from 'react';

/** Where every cart form posts: the cart page's action (app/routes/cart.tsx). */
export const CART_ACTION = '/cart';

interface CartFormProps {
  intent: 'add' | 'quantity' | 'remove' | 'clear';
  /** Fields besides the intent (product, line, quantity). */
  fields?: Record<string, string | number>;
  /** Set when controls elsewhere on the page submit it through their `form` attribute. */
  id?: string;
  className?: string;
  children?: ReactNode;
}

/**
 * A real form for a cart change (docs/decisions/0044): without scripts the browser posts it and
 * the action answers with the cart page; with scripts the controls inside handle the click
 * themselves (preventDefault) and it never posts. A form holding no controls is hidden.
 */
export function CartForm({ intent, fields = {}, id, className, children }: CartFormProps) {
  return (
    <form
      id={id}
      method="post"
      action={CART_ACTION}
      hidden={children === undefined}
      className={className}
      onSubmit={(event) => event.preventDefault()}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}
