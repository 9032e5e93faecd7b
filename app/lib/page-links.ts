import { type RefObject, useEffect, useRef } from 'react';
import { createPath, useLocation, useNavigate } from 'react-router';

/**
 * The header's and footer's links are plain `<a href data-discover>` elements, and the
 * container they are in navigates for them once scripts run, as React Router's `<Link>` does:
 * a plain left click on a link of this store goes through the router; a modified click, another
 * target, a download, another site, `mailto:` and `tel:` are left to the browser. Before
 * hydration (and without scripts) they are ordinary links. `data-discover` lets the router
 * learn their routes ahead of a click, as it does for a `<Link>`.
 *
 * Why not `<Link>`: about 40 of them on every page cost about 9 microseconds of server CPU each
 * (resolving the path, four hooks, the click handler), some 0.35 ms of a page rendered per
 * shopper (docs/performance.md, "Pages rendered per shopper, third round"). A plain anchor costs
 * about a seventh of that.
 */
export function usePageLinks<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  const navigate = useNavigate();
  // The router's location (the browser's, but also a memory router's).
  const here = createPath(useLocation());
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a') : null;
      if (!anchor || !container.contains(anchor) || anchor.hasAttribute('download')) return;
      if (anchor.target && anchor.target !== '_self') return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = url.pathname + url.search + url.hash;
      // As a <Link> does: a link to the page one is on replaces its history entry.
      void navigate(to, { replace: to === here });
    };
    container.addEventListener('click', onClick);
    return () => container.removeEventListener('click', onClick);
  }, [navigate, here]);
  return ref;
}
