import { Link } from 'react-router';
import { primaryButton } from '~/components/ui/button-styles';

export function NotFound() {
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center"
      aria-labelledby="not-found-title"
    >
      <p className="text-6xl font-bold text-brand" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="mt-4 text-3xl font-bold">
        Oops! Page not found
      </h1>
      <p className="mt-3 text-muted">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={`${primaryButton} mt-8`}>
        Return to Home
      </Link>
    </section>
  );
}
