import { Quote } from 'lucide';
import { Icon } from '~/components/ui/icon';
import { Link } from 'react-router';
import { STORE } from '~/lib/store-info';
import { freeShippingMinimum } from '~/commerce/shipping';
import { useShippingFigures } from '~/commerce/shipping-figures';
import { useWelcomeOffer } from '~/commerce/promo/welcome-offer';

const button = 'inline-flex min-h-11 items-center rounded-md px-6 font-bold';

export function HomeHero() {
  return (
    <section aria-labelledby="home-title" className="relative overflow-hidden bg-surface">
      <img
        src="/images/categories/featured.svg"
        alt=""
        width={1200}
        height={400}
        fetchPriority="high"
        className="absolute inset-0 h-full w-full object-cover opacity-25"
      />
      <div className="relative mx-auto max-w-7xl px-4 py-14 sm:py-20">
        <h1 id="home-title" className="max-w-3xl text-4xl font-bold sm:text-5xl">
          Quality medical equipment for home and clinic
        </h1>
        <p className="mt-4 max-w-2xl text-lg">
          Mobility aids, respiratory care, orthopedic supports, hospital beds and bathroom safety equipment,
          chosen for families, home-care providers and clinicians.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/category/featured" className={`${button} bg-brand text-brand-fg hover:bg-brand-strong`}>
            Shop Featured
          </Link>
          <Link
            to="/category/mobility"
            className={`${button} border-2 border-brand bg-bg text-fg hover:bg-surface`}
          >
            Shop Mobility
          </Link>
        </div>
      </div>
    </section>
  );
}

export function CategoryGrid({
  categories,
}: {
  categories: { id: string; name: string; bannerImage: string; count: number }[];
}) {
  return (
    <section aria-labelledby="categories-title" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="categories-title" className="mb-6 text-2xl font-bold sm:text-3xl">
        Shop by Category
      </h2>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {categories.map((c) => (
          <li key={c.id}>
            <Link
              to={`/category/${c.id}`}
              className="group block overflow-hidden rounded-lg border border-border hover:border-brand"
            >
              <img
                src={c.bannerImage}
                alt=""
                width={1200}
                height={400}
                loading="lazy"
                className="aspect-[3/1] w-full bg-surface object-cover"
              />
              <span className="block p-3">
                <span className="block font-bold group-hover:underline">{c.name}</span>
                <span className="text-sm text-muted">{c.count} products</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function WelcomePromo() {
  const freeFrom = useShippingFigures()?.freeFrom ?? null;
  // Staff may pause or end the code: the banner is not shown for a code the cart would refuse.
  if (!useWelcomeOffer()) return null;
  return (
    <section aria-labelledby="welcome-title" className="bg-brand text-brand-fg">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-4 px-4 py-10 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="welcome-title" className="text-2xl font-bold">
            New to {STORE.name}? Save 10% on your first order
          </h2>
          <p className="mt-1">
            Enter code <strong>WELCOME10</strong> in your cart.
            {freeFrom === null ? null : ` Orders of ${freeShippingMinimum(freeFrom)} ship free.`}
          </p>
        </div>
        <Link to="/category/all" className={`${button} bg-bg text-fg hover:bg-surface`}>
          Browse All Products
        </Link>
      </div>
    </section>
  );
}

export function AboutSection() {
  return (
    <section aria-labelledby="about-title" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="about-title" className="text-2xl font-bold sm:text-3xl">
        Why shop with {STORE.name}
      </h2>
      <div className="mt-4 grid gap-6 md:grid-cols-3">
        <p>
          We stock equipment from makers that clinicians trust, and we list the measurements that decide fit:
          weight capacity, seat width, overall width and item weight.
        </p>
        <p>
          Our product specialists answer questions by phone at{' '}
          <a className="font-bold text-brand underline" href={STORE.phoneHref}>
            {STORE.phone}
          </a>
          , and most orders ship within one or two business days.
        </p>
        <p>
          Every page works with a keyboard and a screen reader, in light or dark, because our customers
          deserve a store that works for them.{' '}
          <Link to="/about" className="font-bold text-brand underline">
            About us
          </Link>
        </p>
      </div>
    </section>
  );
}

const TESTIMONIALS = [
  {
    quote:
      'The rollator arrived in two days and the seat height was exactly what the listing said. My mother uses it every day.',
    name: 'Linda M.',
    role: 'Family caregiver, Ohio',
  },
  {
    quote:
      'We equip our home-care clients from here. Clear specifications and honest stock levels save us return trips.',
    name: 'Marcus T.',
    role: 'Home-care provider, Texas',
  },
  {
    quote:
      'I use a screen reader and could compare three wheelchairs and check out without asking anyone for help.',
    name: 'Priya S.',
    role: 'Customer, Washington',
  },
];

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="bg-surface">
      <div className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="testimonials-title" className="mb-6 text-2xl font-bold sm:text-3xl">
          What our customers say
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="h-full rounded-lg border border-border bg-bg p-5">
                <Icon icon={Quote} className="text-brand" />
                <blockquote className="mt-2">
                  <p>{t.quote}</p>
                </blockquote>
                <figcaption className="mt-3 text-sm">
                  <span className="font-bold">{t.name}</span>, {t.role}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
