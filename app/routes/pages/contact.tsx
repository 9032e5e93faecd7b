import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { ContactForm } from '~/features/contact/components/contact-form';
import { ContactInfo } from '~/features/contact/components/contact-info';
import { contactAction } from '~/features/contact/contact-form.server';
import { pageTitle, STORE } from '~/lib/store-info';
import type { Route } from './+types/contact';

export function action({ context, request }: Route.ActionArgs) {
  return contactAction(context, request);
}

/** A refused message says how long to wait, as every rate-limited answer does. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get('Retry-After');
  return retryAfter ? { 'Retry-After': retryAfter } : new Headers();
};

export function meta() {
  return [
    { title: pageTitle('Contact Us') },
    {
      name: 'description',
      content: `Send ${STORE.name} a message, or call or email our customer care team.`,
    },
  ];
}

export default function Contact() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <Breadcrumbs items={[{ label: 'Home', href: '/' }, { label: 'Contact Us' }]} />
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">Contact Us</h1>
      <p className="mt-4 max-w-prose text-lg">
        Questions about a product, an order or what fits your needs? Send us a message and our customer care
        team will answer you by email.
      </p>
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading" className="mb-4 text-2xl font-bold">
            Send us a message
          </h2>
          <ContactForm />
        </section>
        <ContactInfo />
      </div>
    </div>
  );
}
