import { STORE, pageTitle } from '~/lib/store-info';

export function meta() {
  return [
    { title: pageTitle() },
    {
      name: 'description',
      content:
        'Wheelchairs, walkers, oxygen concentrators, CPAP, braces, hospital beds and bathroom safety equipment for home care and clinics, with free shipping on orders over $499.',
    },
  ];
}

export default function Home() {
  return (
    <section aria-labelledby="home-title" className="bg-surface">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <h1 id="home-title" className="max-w-3xl text-4xl font-bold sm:text-5xl">
          Quality medical equipment for home and clinic
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-muted">
          {STORE.name} supplies mobility aids, respiratory care, orthopedic supports, hospital beds and
          bathroom safety equipment to families, home-care providers and clinicians.
        </p>
        <p className="mt-4 max-w-2xl">
          Questions about fit or insurance? Call us at{' '}
          <a className="font-bold text-brand underline" href={STORE.phoneHref}>
            {STORE.phone}
          </a>
          .
        </p>
      </div>
    </section>
  );
}
