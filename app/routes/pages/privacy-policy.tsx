import { Link } from 'react-router';
import { ContentPage } from '~/features/content/components/content-page';
import { ContentSection } from '~/features/content/components/content-section';
import { POLICY_LAST_UPDATED } from '~/features/content/policy-facts';
import { STORE, pageTitle } from '~/lib/store-info';

export function meta() {
  return [
    { title: pageTitle('Privacy Policy') },
    {
      name: 'description',
      content: `What personal information ${STORE.name} collects, how we use and protect it, and the choices you have.`,
    },
  ];
}

export default function PrivacyPolicy() {
  const { address } = STORE;
  return (
    <ContentPage
      title="Privacy Policy"
      lastUpdated={POLICY_LAST_UPDATED}
      intro={`This policy explains what information ${STORE.name} collects when you use our website or buy from us, how we use it, and the choices you have. We do not sell your personal information.`}
    >
      <ContentSection title="Information we collect">
        <ul>
          <li>
            <strong>Information you give us:</strong> your name, email address, phone number, shipping and
            billing addresses, account password, and anything you write to us.
          </li>
          <li>
            <strong>Order information:</strong> the products you buy, prices, delivery details and your order
            history.
          </li>
          <li>
            <strong>Payment information:</strong> card and bank details go straight to our payment processor
            over an encrypted connection. We keep only the card brand and last four digits, never the full
            card number or security code.
          </li>
          <li>
            <strong>Technical information:</strong> your browser type, device, IP address and the pages you
            visit, which our servers record to keep the site running and secure.
          </li>
        </ul>
      </ContentSection>

      <ContentSection title="How we use your information">
        <ul>
          <li>To process, ship and support your orders, returns and refunds.</li>
          <li>To run your account, keep you signed in and remember your cart and wishlist.</li>
          <li>To answer your questions and send you receipts and order updates.</li>
          <li>To send our newsletter or offers, only if you sign up. You can unsubscribe at any time.</li>
          <li>To prevent fraud, protect our customers and meet our legal duties.</li>
          <li>To understand how our website is used so we can make it better and easier to use.</li>
        </ul>
      </ContentSection>

      <ContentSection title="Health-related information">
        <p>
          The products you buy can say something about your health. We treat your order history as sensitive.
          Only staff who need it to serve you can see it, and we never use it for advertising or share it for
          anyone else&apos;s marketing.
        </p>
      </ContentSection>

      <ContentSection title="Who we share information with">
        <p>We share information only as needed to serve you, with:</p>
        <ul>
          <li>Payment processors, to take and refund payments.</li>
          <li>Shipping and freight carriers, to deliver your order and set up delivery appointments.</li>
          <li>
            Service providers that host our website and send our emails, under contracts that protect it.
          </li>
          <li>Government authorities, when the law requires it or to protect someone&apos;s safety.</li>
        </ul>
        <p>
          We do not sell or rent your personal information, and we do not share it for targeted advertising.
          If our business is ever sold or merged, your information would move to the new owner under the same
          protections.
        </p>
      </ContentSection>

      <ContentSection title="Cookies and browser storage">
        <p>
          We use cookies and similar browser storage that the site needs to work: to keep you signed in,
          remember your cart and save settings such as light or dark theme. We do not use cookies to show you
          ads on other websites. You can clear cookies in your browser, but some features may stop working.
        </p>
      </ContentSection>

      <ContentSection title="How we protect your information">
        <p>
          Our site uses HTTPS encryption for every page. Passwords are stored in scrambled (hashed) form, so
          not even our staff can read them. Access to customer data is limited to staff who need it. Read more
          on our <Link to="/ssl-certificate">SSL certificate and security page</Link>.
        </p>
      </ContentSection>

      <ContentSection title="How long we keep it">
        <p>
          We keep account information while your account is open. We keep order records for as long as tax and
          accounting laws require, usually seven years. After that, we delete the information or remove
          anything that identifies you.
        </p>
      </ContentSection>

      <ContentSection title="Your choices and rights">
        <ul>
          <li>See, correct or update your account details at any time.</li>
          <li>Ask for a copy of the personal information we hold about you.</li>
          <li>Ask us to delete your information, except records we must keep by law.</li>
          <li>Unsubscribe from marketing emails with the link at the bottom of any email.</li>
        </ul>
        <p>
          Depending on the state you live in, such as California, you may have more rights under state law. We
          honor these requests for all customers and will not treat you differently for using them. We reply
          within 45 days. We may ask you to confirm your identity first. See our{' '}
          <Link to="/consumer-data-policy">consumer data policy</Link> for details.
        </p>
      </ContentSection>

      <ContentSection title="Children">
        <p>
          Our website is meant for adults. We do not knowingly collect information from children under 13.
          Parents and caregivers may buy pediatric products for a child, but the account belongs to the adult.
        </p>
      </ContentSection>

      <ContentSection title="Changes to this policy">
        <p>
          If we change this policy, we will update the date at the top of this page. If a change is
          significant, we will also tell customers by email or with a notice on the site.
        </p>
      </ContentSection>

      <ContentSection title="Contact us about privacy">
        <p>
          Email <a href={`mailto:${STORE.supportEmail}?subject=Privacy`}>{STORE.supportEmail}</a>, call{' '}
          <a href={STORE.phoneHref}>{STORE.phone}</a>, or write to {STORE.name}, {address.street},{' '}
          {address.city}, {address.region} {address.postalCode}.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
