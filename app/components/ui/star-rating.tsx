import { Star } from 'lucide';
import { spriteId } from '~/components/ui/icon';

const STAR = `#${spriteId(Star) ?? ''}`;

/**
 * 1-5 stars; screen readers hear "Rated 4.5 out of 5 (120 reviews)" once, not five icons.
 * The five stars are one drawing that points five times at the star of the icon sprite.
 */
export function StarRating({
  rating,
  reviewCount,
  size = 16,
}: {
  rating: number;
  reviewCount?: number;
  size?: number;
}) {
  const reviews = reviewCount === 1 ? 'review' : 'reviews';
  const label = `Rated ${rating} out of 5${reviewCount !== undefined ? ` (${reviewCount} ${reviews})` : ''}`;
  const filled = Math.round(rating);
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={label}>
      <svg
        width={size * 5}
        height={size}
        viewBox="0 0 120 24"
        aria-hidden="true"
        focusable="false"
        className="icon"
      >
        {[0, 1, 2, 3, 4].map((n) => (
          <use
            key={n}
            href={STAR}
            x={n * 24}
            width={24}
            height={24}
            className={n < filled ? 'fill-amber-500 text-amber-600' : 'text-border'}
          />
        ))}
      </svg>
      {reviewCount !== undefined ? (
        <span aria-hidden="true" className="text-sm text-muted">
          ({reviewCount})
        </span>
      ) : null}
    </span>
  );
}
