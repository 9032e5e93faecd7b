import { STAR_ROW_ID } from '~/components/ui/icon';

const ROW = `#${STAR_ROW_ID}`;

/**
 * 1-5 stars; screen readers hear "Rated 4.5 out of 5 (120 reviews)" once, not five icons.
 * The sprite's row of five stars is drawn twice, each cut to its part: filled up to the
 * rating, empty after it (cut rather than one over the other, so no empty outline shows at
 * a filled star's edge). Two <use> instead of five, each with its colours: cards repeat this.
 * The filled row is given its full width, or it would shrink into its cut.
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
  const filledTo = Math.round(rating) * 24;
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={label}>
      <svg width={size * 5} height={size} viewBox="0 0 120 24" aria-hidden="true" className="icon stars">
        <svg width={filledTo}>
          <use href={ROW} width={120} className="on" />
        </svg>
        <svg x={filledTo}>
          <use href={ROW} x={-filledTo} />
        </svg>
      </svg>
      {reviewCount !== undefined ? (
        <span aria-hidden="true" className="text-sm text-muted">
          ({reviewCount})
        </span>
      ) : null}
    </span>
  );
}
