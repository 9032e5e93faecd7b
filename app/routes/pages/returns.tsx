import { Link } from 'react-router';
import { ContactOptions } from '~/features/content/components/contact-options';
import { ContentPage } from '~/features/content/components/content-page';
import { ContentSection } from '~/features/content/components/content-section';
import { NON_RETURNABLE_ONCE_OPENED, RETURNS } from '~/features/content/policy-facts';
import { pageTitle } from '~/lib/store-info';

export function meta() {
  return [
    { title: pageTitle('Returns & Exchanges') },
    {
      name: 'description',
      content: `How our ${RETURNS.guarantee} works, how to start a return or exchange, and which items cannot be returned once opened.`,
    },
  ];
}

export default function Returns() {
  return (
    <ContentPage
      title="Returns & Exchanges"
      intro={`Every order comes with our ${RETURNS.guarantee}. If something is not right, we will make it easy to send it back.`}
    >
      <ContentSection title={`Our ${RETURNS.guarantee}`}>
        <p>
          You have {RETURNS.windowDays} days from the day your order is delivered to ask for a return. Once we
          receive and check the item, we refund you in full for the item price.
        </p>
      </ContentSection>

      <ContentSection title="How to start a return">
        <ol>
          <li>
            Contact us by phone or email within {RETURNS.windowDays} days of delivery. Have your order number
            ready.
          </li>
          <li>
            We will give you a return authorization number and tell you where to send the item. For large
            freight items, we will arrange a pickup with you.
          </li>
          <li>
            Pack the item in its original box if you can, with all parts and paperwork, and write the return
            authorization number on the outside.
          </li>
          <li>Ship it back. Keep your tracking number until your refund arrives.</li>
        </ol>
        <ContactOptions emailSubject="Return request" />
      </ContentSection>

      <ContentSection title="What condition items need to be in">
        <ul>
          <li>Unused, clean and in the same condition you received it.</li>
          <li>In the original packaging, with all parts, accessories, manuals and warranty cards.</li>
          <li>Not assembled, adjusted or installed, unless it arrived that way.</li>
        </ul>
        <p>
          If an item comes back used or damaged, we may not be able to give a full refund. We will always call
          or email you first to explain.
        </p>
      </ContentSection>

      <ContentSection title="Items that cannot be returned once opened">
        <p>
          For hygiene and safety reasons, we cannot take back the following items once their packaging is
          opened:
        </p>
        <ul>
          {NON_RETURNABLE_ONCE_OPENED.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>Not sure about an item? Ask us before you open it and we will tell you.</p>
      </ContentSection>

      <ContentSection title="Damaged, faulty or wrong items">
        <p>
          If your order arrives damaged, has a defect or is not what you ordered, tell us within{' '}
          {RETURNS.damageReportDays} days of delivery. Please keep the box and packing material. We will send
          a replacement or give you a full refund, and we pay the return shipping.
        </p>
      </ContentSection>

      <ContentSection title="Refunds">
        <p>
          We refund to your original payment method within {RETURNS.refundProcessingTime} of receiving your
          return. Your bank or card company may take a few more days to show it. We email you when the refund
          is sent.
        </p>
        <p>
          If you are returning an item for a reason that is not our mistake, the cost of return shipping is
          yours, and the original shipping charge is not refunded.
        </p>
      </ContentSection>

      <ContentSection title="Exchanges">
        <p>
          Need a different size, color or model? Call us. We will help you return the first item and order the
          one you need, so you are not left waiting.
        </p>
        <p>
          For the formal terms, see our <Link to="/return-policy">return policy</Link>.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
