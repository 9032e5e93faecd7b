import { STORE } from '~/lib/store-info';

export function SiteFooter() {
  const { address } = STORE;
  return (
    <footer className="mt-auto border-t border-border bg-surface">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:grid-cols-2">
        <div>
          <p className="text-lg font-bold">{STORE.name}</p>
          <p className="text-muted">{STORE.tagline}</p>
        </div>
        <address className="not-italic">
          <p>
            {address.street}, {address.city}, {address.region} {address.postalCode}
          </p>
          <p>
            Phone:{' '}
            <a className="underline" href={STORE.phoneHref}>
              {STORE.phone}
            </a>
          </p>
          <p>
            Email:{' '}
            <a className="underline" href={`mailto:${STORE.supportEmail}`}>
              {STORE.supportEmail}
            </a>
          </p>
        </address>
      </div>
      <p className="border-t border-border px-4 py-4 text-center text-sm text-muted">
        © {new Date().getFullYear()} {STORE.name}. All rights reserved.
      </p>
    </footer>
  );
}
