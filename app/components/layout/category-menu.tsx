import { ChevronDown } from 'lucide';
import { Icon } from '~/components/ui/icon';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { CategoryId, Subcategory } from '~/commerce/catalogue/catalog.types';
import { CATEGORY_NAMES } from '~/commerce/catalogue/data/category-names';
import { PageLink } from '~/components/ui/page-link';

const MENU = CATEGORY_NAMES.filter((c) => c.inMenu);

/**
 * The subcategories, fetched when a menu may be about to open (a mouse moving onto a category,
 * focus on its button, the mobile menu opening) rather than with every page's scripts: about
 * 600 bytes (gzip) that most pages never show. A failed fetch is tried again on the next
 * opening; meanwhile each category still offers "View All".
 */
let subcategories: Record<CategoryId, Subcategory[]> | undefined;
let fetching: Promise<void> | undefined;
function fetchSubcategories(): Promise<void> {
  fetching ??= import('~/commerce/catalogue/data/category-menu').then(
    (menu) => {
      subcategories = menu.SUBCATEGORIES;
    },
    () => {
      fetching = undefined;
    },
  );
  return fetching;
}
const prefetch = () => void fetchSubcategories();

/** The subcategories once fetched; `wanted` fetches them (and renders again when they arrive). */
function useSubcategories(wanted: boolean) {
  const [, arrived] = useState(0);
  useEffect(() => {
    if (!wanted || subcategories) return;
    let current = true;
    void fetchSubcategories().then(() => current && arrived((n) => n + 1));
    return () => {
      current = false;
    };
  }, [wanted]);
  return subcategories;
}

/** A pointer that moved onto a category and rests this long opens it; passing over opens nothing. */
export const HOVER_OPEN_MS = 150;
/** Leaving closes after this long, so a pointer that slips off on the way down keeps it open. */
export const HOVER_CLOSE_MS = 300;

/**
 * Desktop category menu: each category is a link, and a button beside it opens its
 * subcategories (disclosure pattern). A mouse also opens it by resting on the category and
 * closes it by leaving; a click on the button keeps it open. Escape or a click elsewhere
 * closes it.
 */
export function DesktopCategoryMenu() {
  // A dropdown belongs to the page it was opened on: any navigation closes it.
  const location = useLocation();
  const [openAt, setOpenAt] = useState<{ id: string; key: string; hover?: boolean } | null>(null);
  const open = openAt?.key === location.key ? openAt.id : null;
  const navRef = useRef<HTMLUListElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const subs = useSubcategories(open !== null);
  // Only a mouse on a device that can hover: touch and pen keep to the button.
  const hover = (event: React.PointerEvent, ms: number, id: string | null) => {
    if (event.pointerType !== 'mouse' || !matchMedia('(hover: hover)').matches) return;
    prefetch();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpenAt(id ? { id, key: location.key, hover: true } : null), ms);
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        document.getElementById(`menu-button-${open}`)?.focus();
        setOpenAt(null);
      }
    };
    const onClick = (event: MouseEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [open]);

  return (
    <ul ref={navRef} className="flex flex-wrap items-center gap-x-1">
      {MENU.map((category) => {
        const isOpen = open === category.id;
        return (
          <li
            key={category.id}
            className="relative flex items-center"
            // Opened by a pointer that moved onto the category and rests there, never by the page
            // moving under a resting one (a removed cart row scrolls the header under it, and the
            // dropdown would cover what the shopper was about to click). From one open dropdown
            // to the next category at once; a dropdown opened by a click stays when the pointer
            // leaves.
            onPointerMove={(event) =>
              isOpen ? clearTimeout(timer.current) : hover(event, open ? 0 : HOVER_OPEN_MS, category.id)
            }
            onPointerLeave={(event) =>
              openAt?.hover ? hover(event, HOVER_CLOSE_MS, null) : clearTimeout(timer.current)
            }
          >
            <PageLink to={`/category/${category.id}`} className="py-3 pl-3 font-bold hover:underline">
              {category.name}
            </PageLink>
            <button
              type="button"
              id={`menu-button-${category.id}`}
              aria-expanded={isOpen}
              aria-controls={`menu-${category.id}`}
              aria-label={`${category.name} subcategories`}
              onFocus={prefetch}
              onClick={() => {
                clearTimeout(timer.current);
                // Opened by resting the mouse on it: the click keeps it open rather than closing it.
                const next = isOpen && !openAt?.hover ? null : { id: category.id, key: location.key };
                // A keyboard user's next Tab goes to the first subcategory: open once they are in
                // (fetched on focus, so at once as a rule; on a failed fetch, with View All).
                if (!next || subs) setOpenAt(next);
                else void fetchSubcategories().then(() => setOpenAt(next));
              }}
              className="menu-button"
            >
              <Icon icon={ChevronDown} size={16} className={isOpen ? 'rotate-180' : undefined} />
            </button>
            <div id={`menu-${category.id}`} hidden={!isOpen} className="menu-panel">
              {/* Rendered when open: a closed dropdown is hidden and only JavaScript opens it. */}
              {isOpen ? (
                <ul>
                  {subs?.[category.id].map((sub) => (
                    <li key={sub.id}>
                      <PageLink
                        to={`/category/${category.id}/${sub.id}`}
                        className="block rounded px-3 py-2 hover:bg-surface"
                      >
                        {sub.name}
                      </PageLink>
                    </li>
                  ))}
                  <li className="mt-1 border-t border-border pt-1">
                    <PageLink
                      to={`/category/${category.id}`}
                      className="block rounded px-3 py-2 font-bold text-brand hover:bg-surface"
                    >
                      View All {category.name}
                    </PageLink>
                  </li>
                </ul>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Mobile menu sections: native disclosure widgets that work before JavaScript loads. */
export function MobileCategoryMenu() {
  const subs = useSubcategories(true);
  return (
    <ul className="flex flex-col">
      {CATEGORY_NAMES.map((category) => (
        <li key={category.id} className="border-b border-border">
          <details>
            <summary className="flex min-h-12 cursor-pointer items-center px-2 font-bold">
              {category.name}
            </summary>
            <ul className="pb-2 pl-4">
              {subs?.[category.id].map((sub) => (
                <li key={sub.id}>
                  <PageLink to={`/category/${category.id}/${sub.id}`} className="block py-2">
                    {sub.name}
                  </PageLink>
                </li>
              ))}
              <li>
                <PageLink to={`/category/${category.id}`} className="block py-2 font-bold text-brand">
                  View All {category.name}
                </PageLink>
              </li>
            </ul>
          </details>
        </li>
      ))}
    </ul>
  );
}
