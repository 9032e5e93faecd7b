import { STORE } from '~/lib/store-info';

/** Where and when to reach the store (the contact page). */
export function ContactInfo() {
  const { address } = STORE;
  return (
    <section aria-labelledby="contact-info-heading" className="rounded-lg border border-border p-5 sm:p-6">
      <h2 id="contact-info-heading" className="text-2xl font-bold">
        Get in touch
      </h2>
      <dl className="mt-4 space-y-4">
        <div>
          <dt className="font-bold">Address</dt>
          <dd>
            <address className="not-italic">
              {address.street}
              <br />
              {address.city}, {address.region} {address.postalCode}
              <br />
              {address.country}
            </address>
          </dd>
        </div>
        <div>
          <dt className="font-bold">Phone</dt>
          <dd>
            <a href={STORE.phoneHref} className="text-brand underline underline-offset-2">
              {STORE.phone}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-bold">Email</dt>
          <dd>
            <a href={`mailto:${STORE.supportEmail}`} className="text-brand underline underline-offset-2">
              {STORE.supportEmail}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-bold">Hours</dt>
          <dd>
            Mon-Fri 9-6, Sat 10-4, Sun closed
            <br />
            <span className="text-muted">Eastern Time</span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
