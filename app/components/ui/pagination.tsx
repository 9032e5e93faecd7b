import { ChevronLeft, ChevronRight } from 'lucide';
import { Icon } from '~/components/ui/icon';
import { Link } from 'react-router';
import type { PageListEntry } from '~/lib/page-list';

interface PaginationProps {
  page: number;
  totalPages: number;
  entries: PageListEntry[];
  hrefFor: (page: number) => string;
}

const base = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-3 font-bold';

/** Previous, the page list and Next, as links (they work before JavaScript loads). */
export function Pagination({ page, totalPages, entries, hrefFor }: PaginationProps) {
  if (totalPages <= 1) return null;
  const edge = (target: number, disabled: boolean, label: string, icon: React.ReactNode, text: string) =>
    disabled ? (
      <span className={`${base} cursor-not-allowed border-border text-muted opacity-60`} aria-disabled="true">
        {icon}
        <span className="sr-only sm:not-sr-only">{text}</span>
      </span>
    ) : (
      <Link
        to={hrefFor(target)}
        aria-label={label}
        className={`${base} border-border hover:bg-surface`}
        preventScrollReset
      >
        {icon}
        <span className="sr-only sm:not-sr-only">{text}</span>
      </Link>
    );
  return (
    <nav aria-label="Pagination" className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {edge(page - 1, page <= 1, 'Previous page', <Icon icon={ChevronLeft} size={18} />, 'Previous')}
        </li>
        {entries.map((entry) =>
          typeof entry === 'number' ? (
            <li key={entry}>
              <Link
                to={hrefFor(entry)}
                aria-label={`Page ${entry}`}
                aria-current={entry === page ? 'page' : undefined}
                preventScrollReset
                className={`${base} ${entry === page ? 'border-brand bg-brand text-brand-fg' : 'border-border hover:bg-surface'}`}
              >
                {entry}
              </Link>
            </li>
          ) : (
            <li key={entry} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ),
        )}
        <li>
          {edge(page + 1, page >= totalPages, 'Next page', <Icon icon={ChevronRight} size={18} />, 'Next')}
        </li>
      </ul>
    </nav>
  );
}
