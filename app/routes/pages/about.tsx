import { Link } from 'react-router';
import { ContactOptions } from '~/features/content/components/contact-options';
import { ContentPage } from '~/features/content/components/content-page';
import { ContentSection } from '~/features/content/components/content-section';
import { STORE, pageTitle } from '~/lib/store-info';

export function meta() {
  return [
    { title: pageTitle('About Us') },
    {
      name: 'description',
      content: `Who ${STORE.name} is, the families, caregivers and clinicians we serve, and the values behind every order.`,
    },
  ];
}

const VALUES = [
  {
    name: 'Quality',
    text: 'We sell equipment from trusted manufacturers and check that each product does what it promises. If it is not good enough for our own families, it is not good enough for yours.',
  },
  {
    name: 'Service',
    text: 'Real people answer our phones and emails. We take the time to help you pick the right size, understand a feature or track an order, and we follow up until the job is done.',
  },
  {
    name: 'Innovation',
    text: 'We keep looking for products and tools that make care easier, from lighter wheelchairs to quieter oxygen concentrators, and we build our website so that everyone can use it.',
  },
  {
    name: 'Integrity',
    text: 'We give clear prices, honest product details and straight answers. If we make a mistake, we own it and make it right.',
  },
] as const;

export default function About() {
  const { address } = STORE;
  return (
    <ContentPage
      title="About Us"
      intro={`${STORE.name} is an online store for healthcare and medical equipment. We help people stay safe, comfortable and independent at home, and we help the people who care for them.`}
    >
      <ContentSection title="Who we are">
        <p>
          We are a small team based in {address.city}, {address.region}. Our customer care staff, product
          specialists and warehouse team work together to get the right equipment to your door.
        </p>
        <p>
          We carry mobility aids, hospital beds, respiratory equipment, orthopedic supports, bathroom safety
          products, daily living aids and pediatric equipment. You can{' '}
          <Link to="/category/all">browse all products</Link> or call us for help choosing.
        </p>
      </ContentSection>

      <ContentSection title="Who we serve">
        <ul>
          <li>
            <strong>People and families</strong> looking for equipment to recover from surgery, manage a
            health condition or live more independently at home.
          </li>
          <li>
            <strong>Home-care providers</strong> who need dependable supplies delivered on time for the people
            they support.
          </li>
          <li>
            <strong>Clinicians and care facilities</strong> who need equipment for patients, exam rooms and
            long-term care.
          </li>
        </ul>
      </ContentSection>

      <ContentSection title="Our values">
        {VALUES.map((value) => (
          <ContentSection key={value.name} title={value.name} level={3}>
            <p>{value.text}</p>
          </ContentSection>
        ))}
      </ContentSection>

      <ContentSection title="Talk to us">
        <p>Have a question about a product or an order? We are happy to help.</p>
        <ContactOptions />
        <p>
          You can also send us a message on our <Link to="/contact">contact page</Link>.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
