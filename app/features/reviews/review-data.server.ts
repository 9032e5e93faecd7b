import { eraseReviews, reviewsForExport } from './reviews.server';

/** What the shopper's data export and account erasure need of the reviews (privacy, via routes). */
export const reviewData = { reviewsForExport, eraseReviews };
