import { Heart, type IconNode, ShoppingCart, Star } from 'lucide';
import { createElement } from 'react';

/**
 * Icons drawn many times on one page (rating stars, and the wishlist heart and cart icon of
 * every product card): their paths are written once per page, in <IconSprite /> (root layout),
 * and each icon points at them with <use>. A catalogue page used to carry 80 copies of them.
 */
const SPRITE = new Map<IconNode, string>([
  [Star, 'icon-star'],
  [Heart, 'icon-heart'],
  [ShoppingCart, 'icon-cart'],
]);

/** A row of five stars (120 by 24): <StarRating /> draws a rating with two <use>, not five. */
export const STAR_ROW_ID = 'icon-stars';

/** The id of a sprite icon, for <use href>. */
export function spriteId(icon: IconNode): string | undefined {
  return SPRITE.get(icon);
}

const paths = (icon: IconNode) =>
  icon.map(([tag, attrs], index) => createElement(tag, { key: index, ...attrs }));

/** The shared icon paths; rendered once, hidden, at the top of every page. */
export function IconSprite() {
  return (
    <svg aria-hidden="true" className="hidden">
      {[...SPRITE].map(([icon, id]) => (
        <symbol key={id} id={id} viewBox="0 0 24 24">
          {paths(icon)}
        </symbol>
      ))}
      <symbol id={STAR_ROW_ID} viewBox="0 0 120 24">
        {[0, 24, 48, 72, 96].map((x) => (
          <use key={x} href="#icon-star" x={x} width={24} height={24} />
        ))}
      </symbol>
    </svg>
  );
}

/**
 * Draws a Lucide icon from its path data. Icons are decorative here (the control around
 * them carries the label), so they are hidden from assistive technology. Stroke, fill and line
 * style come from the .icon class (app.css) rather than five attributes on every icon; colour
 * classes (fill-*, text-*) still override them.
 *
 * A sprite icon needs no viewBox of its own: its <use> fills the icon's box and the symbol's
 * viewBox scales the paths (strokes included) as the icon's would. No `focusable="false"`
 * either: only Internet Explorer put SVGs in the tab order.
 */
export function Icon({ icon, size = 24, className }: { icon: IconNode; size?: number; className?: string }) {
  const id = SPRITE.get(icon);
  return (
    <svg
      width={size}
      height={size}
      viewBox={id ? undefined : '0 0 24 24'}
      aria-hidden="true"
      className={className ? `icon ${className}` : 'icon'}
    >
      {id ? <use href={`#${id}`} /> : paths(icon)}
    </svg>
  );
}
