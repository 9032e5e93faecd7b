import { Phone } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { STORE } from '~/lib/store-info';
import { ThemeToggle } from './theme-toggle';

export function SiteHeader() {
  return (
    <header className="border-b border-border bg-bg">
      <div className="bg-brand text-brand-fg">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-1.5 text-sm">
          <a
            href={STORE.phoneHref}
            className="inline-flex items-center gap-1.5 underline-offset-2 hover:underline"
          >
            <Phone aria-hidden="true" size={14} />
            <span>{STORE.phone}</span>
          </a>
          <p className="font-bold">Free Shipping on Orders Over $499</p>
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="text-2xl font-bold text-brand">
          {STORE.name}
          <span className="sr-only"> home</span>
        </Link>
        <nav aria-label="Main">
          <ul className="flex items-center gap-4">
            <li>
              <NavLink
                to="/"
                end
                className="font-bold text-fg underline-offset-4 hover:underline aria-[current=page]:underline"
              >
                Home
              </NavLink>
            </li>
          </ul>
        </nav>
        <ThemeToggle />
      </div>
    </header>
  );
}
