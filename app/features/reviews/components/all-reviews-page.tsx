import { Link } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { allReviewsPath, type ProductReviewsView } from '../reviews';
import { ReviewList, ReviewSummary } from './product-reviews';

/** /product/:id/reviews: every published review of a product, ten to a page, newest first. */
export function AllReviewsPage({ name, view }: { name: string; view: ProductReviewsView }) {
  const pageHref = (page: number) => `${allReviewsPath(view.productLink)}?page=${page}`;
  const linkClass = 'inline-flex min-h-11 items-center font-bold text-brand underline';
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <Breadcrumbs
        items={[{ label: 'Home', href: '/' }, { label: name, href: view.productLink }, { label: 'Reviews' }]}
      />
      <h1 className="mt-4 text-3xl font-bold break-words sm:text-4xl">Reviews of {name}</h1>
      {view.verifiedCount > 0 ? (
        <>
          <ReviewSummary view={view} />
          <ReviewList view={view} titleLevel="h2" />
        </>
      ) : (
        <p className="mt-4">No written reviews yet.</p>
      )}
      {view.pages > 1 ? (
        <nav aria-label="Pages of reviews" className="mt-4 flex flex-wrap items-center gap-4">
          {view.page > 1 ? (
            <Link to={pageHref(view.page - 1)} className={linkClass}>
              Newer reviews
            </Link>
          ) : null}
          <span>
            Page {view.page} of {view.pages}
          </span>
          {view.page < view.pages ? (
            <Link to={pageHref(view.page + 1)} className={linkClass}>
              Older reviews
            </Link>
          ) : null}
        </nav>
      ) : null}
      <Link to={view.productLink} className={`mt-6 ${linkClass}`}>
        Back to {name}
      </Link>
    </div>
  );
}
