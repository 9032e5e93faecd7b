import { CATEGORY_NAMES } from '~/commerce/catalogue/data/category-names';
import { NewsletterForm } from '~/features/newsletter/components/newsletter-form';
import { SITE_PAGES } from '~/lib/site-pages';
import { STORE } from '~/lib/store-info';
import { PageLink } from '~/components/ui/page-link';

// A named class of app.css: the footer repeats it on about 25 links of every page.
const link = 'footer-link';

function LinkList({ title, links }: { title: string; links: { href: string; label: string }[] }) {
  const id = `footer-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 font-bold">
        {title}
      </h2>
      <ul>
        {links.map((l) => (
          <li key={l.href}>
            <PageLink to={l.href} className={link}>
              {l.label}
            </PageLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

const pagesOf = (group: string) =>
  SITE_PAGES.filter((p) => p.group === group).map((p) => ({ href: p.path, label: p.title }));

/**
 * banner: the offers line the root loader wrote ('New customers save 10% with code WELCOME10.
 * Free shipping on orders of $499 or more.'), each half only while it holds; null for none.
 */
export function SiteFooter({ banner }: { banner: string | null }) {
  const { address } = STORE;
  return (
    <footer className="mt-auto border-t border-border bg-surface">
      {banner && (
        <div className="bg-brand text-brand-fg">
          <p className="mx-auto max-w-7xl px-4 py-4 text-center font-bold">{banner}</p>
        </div>
      )}
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-2 font-bold">
            Contact {STORE.name}
          </h2>
          <address className="not-italic">
            <p>{address.street}</p>
            <p>
              {address.city}, {address.region} {address.postalCode}
            </p>
            <p className="mt-2">
              <a className={link} href={STORE.phoneHref}>
                {STORE.phone}
              </a>
            </p>
            <p>
              {/* An address is one long word: it may break anywhere on a narrow, enlarged page. */}
              <a className={`${link} [overflow-wrap:anywhere]`} href={`mailto:${STORE.supportEmail}`}>
                {STORE.supportEmail}
              </a>
            </p>
          </address>
          <p className="mt-2 text-sm text-muted">Mon-Fri 9-6, Sat 10-4 (ET), Sun closed</p>
        </section>
        <LinkList
          title="Shop"
          links={[
            ...CATEGORY_NAMES.map((c) => ({ href: `/category/${c.id}`, label: c.name })),
            { href: '/category/all', label: 'All Products' },
            { href: '/quick-order', label: 'Quick Order' },
          ]}
        />
        <LinkList title="Customer Service" links={[...pagesOf('customer-service'), ...pagesOf('company')]} />
        <LinkList title="Policies" links={pagesOf('policies')} />
      </div>
      <section
        aria-labelledby="footer-newsletter"
        className="mx-auto flex max-w-7xl flex-wrap items-end justify-between gap-4 px-4 pb-10"
      >
        <div className="max-w-md">
          <h2 id="footer-newsletter" className="mb-2 font-bold">
            Newsletter
          </h2>
          <p>Product news, offers and care tips by email. You can unsubscribe at any time.</p>
        </div>
        <div className="w-full max-w-md">
          <NewsletterForm />
        </div>
      </section>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 border-t border-border px-4 py-4">
        <img
          src="/images/payment-methods.svg"
          width={260}
          height={32}
          loading="lazy"
          alt="We accept Visa, Mastercard, American Express, Discover and ACH bank transfer"
        />
        <p className="text-sm text-muted">
          © {new Date().getFullYear()} {STORE.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
