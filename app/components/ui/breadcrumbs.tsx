import { ChevronRight } from 'lucide';
import { Icon } from '~/components/ui/icon';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  href?: string;
}

/** The last crumb is the current page and is not a link. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-muted">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${item.label}-${index}`} className="inline-flex items-center gap-1">
              {item.href && !last ? (
                <Link to={item.href} className="underline-offset-2 hover:text-fg hover:underline">
                  {item.label}
                </Link>
              ) : (
                <span
                  aria-current={last ? 'page' : undefined}
                  className={last ? 'font-bold text-fg' : undefined}
                >
                  {item.label}
                </span>
              )}
              {last ? null : <Icon icon={ChevronRight} size={14} />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
