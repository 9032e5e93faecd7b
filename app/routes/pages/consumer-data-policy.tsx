import { Link } from 'react-router';
import { ContentPage } from '~/features/content/components/content-page';
import { ContentSection } from '~/features/content/components/content-section';
import { POLICY_LAST_UPDATED } from '~/features/content/policy-facts';
import { STORE, pageTitle } from '~/lib/store-info';

export function meta() {
  return [
    { title: pageTitle('Consumer Data Policy') },
    {
      name: 'description',
      content: `How ${STORE.name} handles consumer data and how to access, correct or delete the information we hold about you.`,
    },
  ];
}

export default function ConsumerDataPolicy() {
  return (
    <ContentPage
      title="Consumer Data Policy"
      lastUpdated={POLICY_LAST_UPDATED}
      intro={
        <>
          This policy summarizes how {STORE.name} handles consumer data and how to use your rights. Our{' '}
          <Link to="/privacy-policy">privacy policy</Link> gives the full details.
        </>
      }
    >
      <ContentSection title="1. Data we hold">
        <p>
          We hold contact details, account details, shipping and billing addresses, order and return history,
          messages you send us, and basic technical records of visits to our website. We keep only the brand
          and last four digits of payment cards, never full card numbers or security codes.
        </p>
      </ContentSection>

      <ContentSection title="2. Why we use it">
        <p>
          We use consumer data to fulfil orders, provide customer service, run accounts, prevent fraud, meet
          legal obligations and, with consent, send marketing emails.
        </p>
      </ContentSection>

      <ContentSection title="3. No sale of personal information">
        <p>
          {STORE.name} does not sell personal information and does not share it for targeted advertising. Data
          is shared only with service providers that help us run the store, such as payment processors and
          shipping carriers, and only as needed for that purpose.
        </p>
      </ContentSection>

      <ContentSection title="4. Your rights">
        <p>Any customer may ask us to:</p>
        <ul>
          <li>Confirm what personal information we hold and provide a copy of it.</li>
          <li>Correct information that is wrong or out of date.</li>
          <li>Delete personal information, except records we must keep by law.</li>
          <li>Stop sending marketing messages.</li>
        </ul>
        <p>
          We respond to requests within 45 days and may need to confirm your identity before acting. We will
          not charge you or treat you differently for making a request. You may use an authorized agent to
          make a request on your behalf.
        </p>
      </ContentSection>

      <ContentSection title="5. Retention and security">
        <p>
          We keep data only as long as needed for the purposes above or as required by law, usually seven
          years for order and tax records. Data is protected by encryption in transit, hashed passwords and
          access limited to staff who need it.
        </p>
      </ContentSection>

      <ContentSection title="6. Making a request">
        <p>
          Email <a href={`mailto:${STORE.supportEmail}?subject=Data%20request`}>{STORE.supportEmail}</a> with
          the subject &quot;Data request&quot;, or call <a href={STORE.phoneHref}>{STORE.phone}</a>.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
