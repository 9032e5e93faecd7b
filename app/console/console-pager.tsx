import { Link } from 'react-router';
import { secondaryButton } from '~/components/ui/button-styles';

/** Previous and next page of a console list, as links (they work before JavaScript loads). */
export function ConsolePager({
  label,
  page,
  hasNext,
  hrefFor,
}: {
  /** Names the list: "Pages of orders". */
  label: string;
  page: number;
  hasNext: boolean;
  hrefFor: (page: number) => string;
}) {
  return (
    <nav aria-label={label} className="flex gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={secondaryButton}>
          Previous page
        </Link>
      ) : null}
      <span className="inline-flex min-h-11 items-center px-2">Page {page}</span>
      {hasNext ? (
        <Link to={hrefFor(page + 1)} className={secondaryButton}>
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
