import { Link } from 'react-router';
import { ContentPage } from '~/features/content/components/content-page';
import { ContentSection } from '~/features/content/components/content-section';
import { NON_RETURNABLE_ONCE_OPENED, POLICY_LAST_UPDATED, RETURNS } from '~/features/content/policy-facts';
import { STORE, pageTitle } from '~/lib/store-info';

export function meta() {
  return [
    { title: pageTitle('Return Policy') },
    {
      name: 'description',
      content: `The formal terms of the ${STORE.name} ${RETURNS.guarantee}, including eligibility, exclusions and refunds.`,
    },
  ];
}

export default function ReturnPolicy() {
  return (
    <ContentPage
      title="Return Policy"
      lastUpdated={POLICY_LAST_UPDATED}
      intro={
        <>
          This policy sets out the terms of our {RETURNS.guarantee}. For step-by-step help, see{' '}
          <Link to="/returns">returns and exchanges</Link>.
        </>
      }
    >
      <ContentSection title="1. Return window">
        <p>
          A return may be requested within {RETURNS.windowDays} days of the delivery date. Returns must be
          authorized in advance by contacting customer care, who will issue a return authorization number.
        </p>
      </ContentSection>

      <ContentSection title="2. Condition of returned items">
        <p>
          Returned items must be unused, clean and complete, in their original packaging with all parts,
          accessories and documents. Items returned used, damaged or incomplete may receive a partial refund
          or be refused.
        </p>
      </ContentSection>

      <ContentSection title="3. Items that cannot be returned once opened">
        <p>For hygiene and safety reasons, the following items cannot be returned once opened:</p>
        <ul>
          {NON_RETURNABLE_ONCE_OPENED.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection title="4. Damaged, defective or incorrect items">
        <p>
          Items that arrive damaged, defective or different from what was ordered must be reported within{' '}
          {RETURNS.damageReportDays} days of delivery. We will replace the item or refund it in full,
          including shipping charges, and pay the cost of return shipping.
        </p>
      </ContentSection>

      <ContentSection title="5. Refunds">
        <p>
          Approved refunds are issued to the original payment method within {RETURNS.refundProcessingTime} of
          receiving the returned item. For returns that are not due to our error, return shipping is paid by
          the customer and original shipping charges are not refunded.
        </p>
      </ContentSection>

      <ContentSection title="6. Exchanges">
        <p>
          Exchanges are handled as a return of the original item and a new order for the replacement. Customer
          care can arrange both at the same time.
        </p>
      </ContentSection>

      <ContentSection title="7. Contact">
        <p>
          To request a return: <a href={STORE.phoneHref}>{STORE.phone}</a> or{' '}
          <a href={`mailto:${STORE.supportEmail}?subject=Return%20request`}>{STORE.supportEmail}</a>.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
