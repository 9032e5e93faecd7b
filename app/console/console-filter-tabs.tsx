import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';

/**
 * A console list's filters as links (by status, by step): the one in force is marked as the
 * current page and drawn as the primary button. Each link is a GET, so a filter is bookmarkable.
 */
export function ConsoleFilterTabs<T>(props: {
  /** The navigation landmark's name, e.g. "Quotes by status". */
  label: string;
  tabs: readonly (readonly [value: T, text: string])[];
  current: T;
  href: (value: T) => string;
}) {
  const { label, tabs, current, href } = props;
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {tabs.map(([value, text]) => (
          <li key={text}>
            <Link
              to={href(value)}
              aria-current={value === current ? 'page' : undefined}
              className={value === current ? primaryButton : secondaryButton}
            >
              {text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
