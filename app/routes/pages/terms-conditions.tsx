import { Link } from 'react-router';
import { ContentPage } from '~/features/content/components/content-page';
import { ContentSection } from '~/features/content/components/content-section';
import { PAYMENT_METHODS, POLICY_LAST_UPDATED, joinWithAnd } from '~/features/content/policy-facts';
import { STORE, pageTitle } from '~/lib/store-info';

export function meta() {
  return [
    { title: pageTitle('Terms & Conditions') },
    {
      name: 'description',
      content: `The terms that apply when you use the ${STORE.name} website and buy products from us.`,
    },
  ];
}

export default function TermsConditions() {
  return (
    <ContentPage
      title="Terms & Conditions"
      lastUpdated={POLICY_LAST_UPDATED}
      intro={`These terms apply when you use the ${STORE.name} website or buy from us. By using the site or placing an order, you agree to them. Please read them carefully.`}
    >
      <ContentSection title="1. Who can buy">
        <p>
          You must be at least 18 years old to create an account or place an order. You agree to give us true
          and complete information and to keep your account password private. You are responsible for orders
          placed with your account.
        </p>
      </ContentSection>

      <ContentSection title="2. Not medical advice">
        <p>
          Product descriptions, guides and answers from our staff are general information, not medical advice.
          Talk with your doctor, therapist or other healthcare provider before choosing or using medical
          equipment. Always follow the manufacturer&apos;s instructions and safety warnings.
        </p>
        <p>
          Some devices, such as CPAP machines and oxygen concentrators, are prescription devices under U.S.
          law. We may ask for a valid prescription before we ship them.
        </p>
      </ContentSection>

      <ContentSection title="3. Products, prices and availability">
        <p>
          We work hard to describe products and prices correctly. Colors, sizes and details can change when
          manufacturers update a product. If we find a mistake in a price or description after you order, we
          will contact you, and you can choose to go ahead at the correct price or cancel for a full refund.
        </p>
        <p>
          Prices are in U.S. dollars. Sales tax is added at checkout where the law requires it. Products are
          subject to availability.
        </p>
      </ContentSection>

      <ContentSection title="4. Orders and payment">
        <p>
          Your order is an offer to buy. We accept it when we ship it. We may cancel an order, for example if
          an item is out of stock or we suspect fraud, and we will refund any payment in full.
        </p>
        <p>
          We accept {joinWithAnd(PAYMENT_METHODS)}. You confirm that you are allowed to use the payment method
          you give us.
        </p>
      </ContentSection>

      <ContentSection title="5. Promotions">
        <p>
          Promo codes work only on the terms shown with them, may have an end date and cannot be exchanged for
          cash. Unless a code says otherwise, only one code can be used per order.
        </p>
      </ContentSection>

      <ContentSection title="6. Shipping and returns">
        <p>
          Shipping times, costs and delivery of large items are described in our{' '}
          <Link to="/shipping-policy">shipping policy</Link>. Returns, exchanges and refunds are covered by
          our <Link to="/return-policy">return policy</Link>. The risk of loss passes to you when the order is
          delivered.
        </p>
      </ContentSection>

      <ContentSection title="7. Warranties">
        <p>
          Many products come with the manufacturer&apos;s warranty, which is described with the product or in
          its packaging. We will help you make a warranty claim. Beyond those warranties and our return
          policy, and to the extent the law allows, products are sold &quot;as is&quot; without other
          warranties.
        </p>
      </ContentSection>

      <ContentSection title="8. Limits on our liability">
        <p>
          To the extent the law allows, {STORE.name} is not liable for indirect or consequential losses from
          using the website or the products we sell. Our total liability for any claim about an order is
          limited to the amount you paid for that order. Nothing in these terms limits rights you have under
          consumer protection laws that cannot be waived.
        </p>
      </ContentSection>

      <ContentSection title="9. Using our website">
        <p>
          The text, images and design of this website belong to {STORE.name} or its suppliers. You may use the
          site to shop for yourself or the people you care for. Please do not copy it for commercial use, try
          to break its security or use automated tools that overload it.
        </p>
        <p>
          How we handle your personal information is explained in our{' '}
          <Link to="/privacy-policy">privacy policy</Link>.
        </p>
      </ContentSection>

      <ContentSection title="10. Governing law and disputes">
        <p>
          These terms are governed by the laws of the State of Ohio and of the United States. If you have a
          problem, please contact us first. Most issues can be solved quickly by talking with us.
        </p>
      </ContentSection>

      <ContentSection title="11. Changes to these terms">
        <p>
          We may update these terms. The date at the top shows when they last changed. The terms in place when
          you place an order apply to that order.
        </p>
      </ContentSection>

      <ContentSection title="12. Contact us">
        <p>
          Questions about these terms? Email <a href={`mailto:${STORE.supportEmail}`}>{STORE.supportEmail}</a>{' '}
          or call <a href={STORE.phoneHref}>{STORE.phone}</a>.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
