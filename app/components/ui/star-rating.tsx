import { Star } from 'lucide';
import { Icon } from '~/components/ui/icon';

/** 1-5 stars; screen readers hear "Rated 4.5 out of 5 (120 reviews)" once, not five icons. */
export function StarRating({
  rating,
  reviewCount,
  size = 16,
}: {
  rating: number;
  reviewCount?: number;
  size?: number;
}) {
  const label = `Rated ${rating} out of 5${reviewCount !== undefined ? ` (${reviewCount} reviews)` : ''}`;
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={label}>
      <span className="inline-flex" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((n) => (
          <Icon
            icon={Star}
            key={n}
            size={size}
            className={n <= Math.round(rating) ? 'fill-amber-500 text-amber-600' : 'text-border'}
          />
        ))}
      </span>
      {reviewCount !== undefined ? (
        <span aria-hidden="true" className="text-sm text-muted">
          ({reviewCount})
        </span>
      ) : null}
    </span>
  );
}
