import { Link } from 'react-router';
import { ContactOptions } from '~/features/content/components/contact-options';
import { ContentPage } from '~/features/content/components/content-page';
import { ContentSection } from '~/features/content/components/content-section';
import { FREIGHT_EXAMPLES, RETURNS, SHIPPING } from '~/features/content/policy-facts';
import { IfFreeShipping, StandardFee } from '~/features/content/components/shipping-figures';
import type { ShippingFigures } from '~/commerce/shipping-figures';
import { freeShippingMinimum } from '~/commerce/shipping';
import type { Route } from './+types/shipping';
import { STORE, pageTitle } from '~/lib/store-info';

export function meta({ matches }: Route.MetaArgs) {
  const figures = (matches[0]?.loaderData as { shipping?: ShippingFigures } | undefined)?.shipping;
  const freeFrom = figures?.freeFrom ?? null;
  return [
    { title: pageTitle('Shipping Information') },
    {
      name: 'description',
      content: `Shipping times, costs and freight delivery for large items${freeFrom === null ? '' : `, with free shipping on orders of ${freeShippingMinimum(freeFrom)}`}.`,
    },
  ];
}

const METHODS = [
  {
    name: 'Standard',
    time: SHIPPING.standardTime,
    cost: (
      <>
        <StandardFee />
        <IfFreeShipping>{(minimum) => `, or free on orders of ${minimum}`}</IfFreeShipping>
      </>
    ),
  },
  { name: 'Express', time: SHIPPING.expressTime, cost: 'Quoted by phone, based on weight and destination' },
  {
    name: 'Next day',
    time: `Next business day when ordered by ${SHIPPING.nextDayCutoff}`,
    cost: 'Quoted by phone, based on weight and destination',
  },
] as const;

export default function Shipping() {
  return (
    <ContentPage
      title="Shipping Information"
      intro={
        <>
          Here is how and when your order reaches you.
          <IfFreeShipping>{(minimum) => ` Shipping is free on every order of ${minimum}.`}</IfFreeShipping>
        </>
      }
    >
      <ContentSection title="When your order ships">
        <p>
          Most orders leave our warehouse within {SHIPPING.handlingTime}. Business days are Monday to Friday,
          not counting holidays. When your order ships, we email you a tracking number.
        </p>
      </ContentSection>

      <ContentSection title="Shipping options and costs">
        {/* A table keeps its columns: on a narrow or enlarged page it scrolls in its own box. */}
        <div className="mt-4 overflow-x-auto">
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">Shipping options, delivery times and costs</caption>
            <thead>
              <tr className="border-b-2 border-border">
                <th scope="col" className="py-2 pr-4">
                  Option
                </th>
                <th scope="col" className="py-2 pr-4">
                  Delivery time
                </th>
                <th scope="col" className="py-2">
                  Cost
                </th>
              </tr>
            </thead>
            <tbody>
              {METHODS.map((method) => (
                <tr key={method.name} className="border-b border-border align-top">
                  <th scope="row" className="py-2 pr-4">
                    {method.name}
                  </th>
                  <td className="py-2 pr-4">{method.time}</td>
                  <td className="py-2">{method.cost}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          Delivery times are counted from the day your order ships.
          <IfFreeShipping>
            {(minimum) => ` Free shipping applies when your order subtotal, before tax, is ${minimum}.`}
          </IfFreeShipping>
        </p>
        <p>
          Need it fast? Call us at <a href={STORE.phoneHref}>{STORE.phone}</a> to set up express or next-day
          delivery. Next-day orders must be placed by {SHIPPING.nextDayCutoff} on a business day.
        </p>
      </ContentSection>

      <ContentSection title="Large items and freight delivery">
        <p>
          Large items, such as {FREIGHT_EXAMPLES}, travel by freight truck instead of a parcel carrier. The
          freight company will call you to set up a delivery appointment, so please give us a phone number you
          answer.
        </p>
        <ul>
          <li>Someone 18 or older needs to be there to accept the delivery.</li>
          <li>
            Check the boxes before you sign. If anything is damaged, write it on the delivery receipt and tell
            us within {RETURNS.damageReportDays} days.
          </li>
          <li>Freight can take a few days longer than standard shipping. We will keep you updated.</li>
        </ul>
      </ContentSection>

      <ContentSection title="Where we ship">
        <p>
          We ship to addresses in the United States. Orders to Alaska, Hawaii and remote areas may take a few
          extra days.
        </p>
      </ContentSection>

      <ContentSection title="Questions about a delivery?">
        <p>
          If your package is late or arrives damaged, contact us and we will sort it out. Read our{' '}
          <Link to="/shipping-policy">shipping policy</Link> for the formal terms.
        </p>
        <ContactOptions emailSubject="Shipping question" />
      </ContentSection>
    </ContentPage>
  );
}
