import { Link } from 'react-router';
import { ContentPage } from '~/features/content/components/content-page';
import { ContentSection } from '~/features/content/components/content-section';
import { FREIGHT_EXAMPLES, POLICY_LAST_UPDATED, RETURNS, SHIPPING } from '~/features/content/policy-facts';
import { IfFreeShipping, StandardFee } from '~/features/content/components/shipping-figures';
import { STORE, pageTitle } from '~/lib/store-info';

export function meta() {
  return [
    { title: pageTitle('Shipping Policy') },
    {
      name: 'description',
      content: `The formal terms for processing, shipping and delivering ${STORE.name} orders within the United States.`,
    },
  ];
}

export default function ShippingPolicy() {
  return (
    <ContentPage
      title="Shipping Policy"
      lastUpdated={POLICY_LAST_UPDATED}
      intro={
        <>
          This policy sets out how {STORE.name} ships orders. For a plain-language overview, see{' '}
          <Link to="/shipping">shipping information</Link>.
        </>
      }
    >
      <ContentSection title="1. Processing time">
        <p>
          Most orders ship within {SHIPPING.handlingTime} of being placed. Business days are Monday through
          Friday, excluding U.S. federal holidays. A shipping confirmation with tracking details is sent by
          email when the order leaves our warehouse.
        </p>
      </ContentSection>

      <ContentSection title="2. Delivery times">
        <ul>
          <li>Standard shipping: {SHIPPING.standardTime} after the order ships.</li>
          <li>Express shipping: {SHIPPING.expressTime} after the order ships.</li>
          <li>
            Next-day delivery: available for orders placed by {SHIPPING.nextDayCutoff} on a business day.
          </li>
        </ul>
        <p>Delivery times are estimates and may be affected by weather, carrier delays or stock levels.</p>
      </ContentSection>

      <ContentSection title="3. Shipping charges">
        <p>
          Standard shipping costs <StandardFee /> per order. Standard shipping is free{' '}
          <IfFreeShipping>
            {(minimum) => `when the order subtotal, before tax, is ${minimum}, or `}
          </IfFreeShipping>
          when a valid free-shipping promotion is applied. Express and next-day charges depend on weight and
          destination and are quoted before the order is confirmed.
        </p>
      </ContentSection>

      <ContentSection title="4. Freight delivery">
        <p>
          Large items, including {FREIGHT_EXAMPLES}, ship by freight carrier. The carrier contacts the
          customer to schedule a delivery appointment. An adult must be present to accept and sign for the
          delivery.
        </p>
      </ContentSection>

      <ContentSection title="5. Damaged or missing shipments">
        <p>
          Visible damage should be noted on the delivery receipt. Damage, missing items or non-delivery must
          be reported within {RETURNS.damageReportDays} days of the delivery date (or expected delivery date)
          so that we can file a claim with the carrier and send a replacement or refund.
        </p>
      </ContentSection>

      <ContentSection title="6. Shipping area">
        <p>
          We ship to addresses in the United States. Deliveries to Alaska, Hawaii and remote areas may take
          longer.
        </p>
      </ContentSection>

      <ContentSection title="7. Contact">
        <p>
          Shipping questions: <a href={STORE.phoneHref}>{STORE.phone}</a> or{' '}
          <a href={`mailto:${STORE.supportEmail}`}>{STORE.supportEmail}</a>.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
