import type { AnchorHTMLAttributes, FunctionComponent } from 'react';
import { Link } from 'react-router';

/** A link to a page of this store, by its path. */
export interface PageLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
}

/**
 * On the server, the very markup a `<Link>` renders for a path of this store (`href` and
 * `data-discover`, by which the router learns its route ahead of a click), without its work:
 * a `<Link>` resolves its path and runs four hooks, about 9 microseconds of server CPU each
 * against 1.5 for a plain anchor, and the header and footer have about 40 of them on every page
 * (docs/performance.md, "Pages rendered per shopper, third round"). In the browser it is the
 * `<Link>` itself, hydrated onto that markup: navigation, focus and history are the router's.
 */
function ServerPageLink({ to, children, ...rest }: PageLinkProps) {
  return (
    <a {...rest} href={to} data-discover="true">
      {children}
    </a>
  );
}

export const PageLink: FunctionComponent<PageLinkProps> = import.meta.env.SSR ? ServerPageLink : Link;
