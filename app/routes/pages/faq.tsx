import { Link } from 'react-router';
import { ContactOptions } from '~/features/content/components/contact-options';
import { ContentPage } from '~/features/content/components/content-page';
import { ContentSection } from '~/features/content/components/content-section';
import { FaqAccordion, type FaqItem } from '~/features/content/components/faq-accordion';
import { PAYMENT_METHODS, RETURNS, SHIPPING, joinWithAnd } from '~/features/content/policy-facts';
import { IfFreeShipping } from '~/features/content/components/shipping-figures';
import { STORE, pageTitle } from '~/lib/store-info';

export function meta() {
  return [
    { title: pageTitle('Frequently Asked Questions') },
    {
      name: 'description',
      content:
        'Answers to common questions about ordering, payment methods, insurance receipts, shipping times and returns.',
    },
  ];
}

const QUESTIONS: FaqItem[] = [
  {
    question: 'How do I place an order?',
    answer: (
      <>
        <p>
          Find a product by browsing a category or using the search box. Choose a quantity and select{' '}
          <strong>Add to Cart</strong>. When you are ready, open your cart, choose how you want to pay and
          select the checkout button.
        </p>
        <p>
          Would you rather order with a person? Call us at <a href={STORE.phoneHref}>{STORE.phone}</a> and we
          will help you through it.
        </p>
      </>
    ),
  },
  {
    question: 'What payment methods do you accept?',
    answer: (
      <p>
        We accept {joinWithAnd(PAYMENT_METHODS)}. Every payment is sent over an encrypted connection, and we
        never store your full card number. Learn more on our <Link to="/ssl-certificate">security page</Link>.
      </p>
    ),
  },
  {
    question: 'Do you bill insurance or Medicare?',
    answer: (
      <>
        <p>
          We do not bill insurance companies or Medicare directly. After you order, we can send you an
          itemized receipt that you can submit to your insurance company for reimbursement.
        </p>
        <p>
          Many of our products are eligible for purchase with a Health Savings Account (HSA) or Flexible
          Spending Account (FSA) card. Check with your plan if you are not sure.
        </p>
      </>
    ),
  },
  {
    question: 'How long does shipping take?',
    answer: (
      <>
        <p>
          Most orders leave our warehouse within {SHIPPING.handlingTime}. Standard shipping then takes{' '}
          {SHIPPING.standardTime}. Express shipping takes {SHIPPING.expressTime}, and next-day delivery is
          available for orders placed by {SHIPPING.nextDayCutoff} on a business day.
        </p>
        <p>
          <IfFreeShipping>{(minimum) => `Shipping is free on orders of ${minimum}. `}</IfFreeShipping>
          See our <Link to="/shipping">shipping information</Link> for details, including delivery of large
          items.
        </p>
      </>
    ),
  },
  {
    question: 'What is your return policy?',
    answer: (
      <>
        <p>
          We offer a {RETURNS.guarantee}. If you are not happy with an item, contact us within{' '}
          {RETURNS.windowDays} days of delivery and we will help you return it for a refund to your original
          payment method.
        </p>
        <p>
          For hygiene and safety, some items, such as CPAP equipment and compression garments, cannot be
          returned once opened. See <Link to="/returns">returns and exchanges</Link> for the full details.
        </p>
      </>
    ),
  },
];

export default function Faq() {
  return (
    <ContentPage
      title="Frequently Asked Questions"
      intro="Quick answers to the questions we hear most. Select a question to show or hide its answer."
    >
      <ContentSection title="Common questions">
        <div className="mt-4">
          <FaqAccordion items={QUESTIONS} />
        </div>
      </ContentSection>

      <ContentSection title="Still have a question?">
        <p>Our customer care team is glad to help.</p>
        <ContactOptions />
      </ContentSection>
    </ContentPage>
  );
}
