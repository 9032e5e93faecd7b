import { Link } from 'react-router';
import { ContentPage } from '~/features/content/components/content-page';
import { ContentSection } from '~/features/content/components/content-section';
import { STORE, pageTitle } from '~/lib/store-info';

export function meta() {
  return [
    { title: pageTitle('SSL Certificate') },
    {
      name: 'description',
      content: `How ${STORE.name} uses HTTPS and 256-bit SSL/TLS encryption to protect your information, and how to check that your connection is secure.`,
    },
  ];
}

export default function SslCertificate() {
  return (
    <ContentPage
      title="SSL Certificate"
      intro={`Every page of ${STORE.name} is served over a secure HTTPS connection, so the information you send us is protected on its way.`}
    >
      <ContentSection title="How we protect your connection">
        <p>
          Our website has an SSL certificate and uses TLS (Transport Layer Security), the modern version of
          SSL. Information passing between your device and our site is protected with 256-bit encryption. This
          is the same kind of protection banks use for online banking.
        </p>
      </ContentSection>

      <ContentSection title="What this protects">
        <ul>
          <li>Your payment card or bank account details when you check out.</li>
          <li>Your email address and password when you sign in or create an account.</li>
          <li>Your name, phone number and shipping address.</li>
          <li>Messages you send us through the contact form.</li>
        </ul>
        <p>
          Encryption means that if someone tried to intercept this information, they would see only scrambled
          data they cannot read. The certificate also proves you are talking to the real {STORE.name} site and
          not a copy.
        </p>
      </ContentSection>

      <ContentSection title="How to check that your connection is secure">
        <ol>
          <li>
            Look at the address bar at the top of your browser. The web address should start with{' '}
            <strong>https://</strong>.
          </li>
          <li>
            Look for a padlock icon next to the address. In some browsers, such as newer versions of Chrome,
            the padlock is replaced by a small settings icon.
          </li>
          <li>
            Select the padlock or settings icon. You should see a message such as &quot;Connection is
            secure&quot;, and you can view the certificate details.
          </li>
        </ol>
        <p>
          If your browser warns you that a connection is not secure, do not enter any personal details. Call
          us at <a href={STORE.phoneHref}>{STORE.phone}</a> instead.
        </p>
      </ContentSection>

      <ContentSection title="We never store your card number">
        <p>
          Card details are sent over an encrypted connection straight to our payment processor. We never store
          your full card number or security code (CVV). We keep only the card brand and the last four digits,
          so you can recognize the card on your order.
        </p>
        <p>
          We will never ask for your password, and we will never ask you to send your card number by email or
          text message. If you receive a message like that, do not reply. Contact us at{' '}
          <a href={`mailto:${STORE.supportEmail}`}>{STORE.supportEmail}</a>.
        </p>
        <p>
          Learn more about how we handle your information in our{' '}
          <Link to="/privacy-policy">privacy policy</Link>.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
