import { Link } from 'react-router';
import { primaryButton } from '~/components/ui/button-styles';

export function ErrorPage({ details }: { details?: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center" aria-labelledby="error-title">
      <h1 id="error-title" className="text-3xl font-bold">
        Something went wrong
      </h1>
      <p className="mt-3 text-muted">
        We could not show this page. Please try again in a moment. Your cart is safe.
      </p>
      {details ? (
        <pre className="mt-6 overflow-x-auto rounded-md bg-surface p-4 text-left text-sm">{details}</pre>
      ) : null}
      <Link to="/" className={`${primaryButton} mt-8`}>
        Return to Home
      </Link>
    </section>
  );
}
