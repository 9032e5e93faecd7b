import { Menu, Phone, User, X } from 'lucide';
import { Icon } from '~/components/ui/icon';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useAuthSync } from '~/lib/auth-sync';
import { SignOutButton } from '~/features/account/components/sign-out-button';
import { STORE } from '~/lib/store-info';
import { DesktopCategoryMenu, MobileCategoryMenu } from './category-menu';
import { HeaderBadges } from './header-badges';
import { HeaderSearch } from './header-search';
import { ThemeToggle } from './theme-toggle';
import { PageLink } from '~/components/ui/page-link';

const iconLink =
  'relative inline-flex h-11 min-w-11 items-center justify-center gap-1 rounded-md px-2 hover:bg-surface';

export function SiteHeader({
  user,
  cartCount,
  freeShipping,
}: {
  /** The signed-in shopper: "Hi, {name}". */
  user: { name: string } | null;
  /** The account cart's count from the server (null for guests). */
  cartCount: number | null;
  /** 'Free shipping on orders of $499 or more', as the settings say; null: none. */
  freeShipping: string | null;
}) {
  useAuthSync();
  // The menu belongs to the page it was opened on: any navigation closes it.
  const location = useLocation();
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.key;

  return (
    <header className="border-b border-border bg-bg">
      <div className="bg-brand text-brand-fg">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 px-4 py-1.5 text-sm">
          <a
            href={STORE.phoneHref}
            className="inline-flex items-center gap-1.5 underline-offset-2 hover:underline"
          >
            <Icon icon={Phone} size={14} />
            <span>{STORE.phone}</span>
          </a>
          {freeShipping ? <p className="font-bold">{freeShipping}</p> : null}
          <PageLink to="/accessibility#display" className="font-bold underline underline-offset-2">
            Text size and contrast
          </PageLink>
          {user ? <p className="font-bold sm:hidden">Hi, {user.name}</p> : null}
        </div>
      </div>
      <div className="relative mx-auto flex max-w-7xl flex-wrap items-center gap-x-1 gap-y-3 px-3 py-3 sm:gap-x-3 sm:px-4">
        <button
          type="button"
          className={`${iconLink} md:hidden`}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpenAt(menuOpen ? null : location.key)}
        >
          {menuOpen ? <Icon icon={X} /> : <Icon icon={Menu} />}
          <span className="sr-only">Menu</span>
        </button>
        <PageLink to="/" className="mr-auto text-xl font-bold text-brand sm:text-2xl md:mr-0">
          {STORE.name}
          <span className="sr-only"> home</span>
        </PageLink>
        <div className="order-last w-full md:order-none md:flex-1 md:px-6">
          <HeaderSearch id="header-search" />
        </div>
        <nav aria-label="Account and cart" className="flex flex-wrap items-center justify-end sm:gap-1">
          <HeaderBadges signedIn={user !== null} serverCartCount={cartCount} className={iconLink} />
          {user ? (
            <>
              <span className="hidden px-2 font-bold sm:inline">Hi, {user.name}</span>
              <PageLink to="/account" className={iconLink}>
                <Icon icon={User} />
                <span className="hidden lg:inline">My Account</span>
                <span className="sr-only lg:hidden">My Account</span>
              </PageLink>
              <SignOutButton className={`${iconLink} font-bold`} />
            </>
          ) : (
            <PageLink to="/login" className={iconLink}>
              <Icon icon={User} />
              <span className="hidden lg:inline">Sign In</span>
              <span className="sr-only lg:hidden">Sign In</span>
            </PageLink>
          )}
          <ThemeToggle />
        </nav>
      </div>
      <nav aria-label="Categories" className="hidden border-t border-border md:block">
        <div className="mx-auto max-w-7xl px-2">
          <DesktopCategoryMenu />
        </div>
      </nav>
      <nav
        id="mobile-menu"
        aria-label="Categories"
        hidden={!menuOpen}
        className="border-t border-border px-4 pb-4 md:hidden"
      >
        {/* Hidden until opened, which needs JavaScript: its 50 links are rendered on opening. */}
        {menuOpen ? <MobileCategoryMenu /> : null}
      </nav>
    </header>
  );
}
