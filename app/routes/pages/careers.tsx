import { ContentPage } from '~/features/content/components/content-page';
import { ContentSection } from '~/features/content/components/content-section';
import { CAREERS_EMAIL } from '~/features/content/policy-facts';
import { STORE, pageTitle } from '~/lib/store-info';

export function meta() {
  return [
    { title: pageTitle('Careers') },
    {
      name: 'description',
      content: `What it is like to work at ${STORE.name}, the kinds of roles we hire for, and how to send us your application.`,
    },
  ];
}

const ROLES = [
  {
    name: 'Customer care',
    text: 'Help customers by phone and email: answer product questions, place orders, track deliveries and solve problems with patience and kindness.',
  },
  {
    name: 'Fulfilment and warehouse',
    text: 'Receive, check, pack and ship equipment, from small braces to hospital beds, carefully and on time.',
  },
  {
    name: 'Product specialists',
    text: 'Know our equipment inside and out. Help customers and clinicians compare options, choose the right fit and use products safely. A background in healthcare, therapy or medical equipment helps.',
  },
] as const;

export default function Careers() {
  const { address } = STORE;
  const applyHref = `mailto:${CAREERS_EMAIL}?subject=${encodeURIComponent('Job application')}`;
  return (
    <ContentPage
      title="Careers"
      intro={`At ${STORE.name}, the work matters. Every order helps someone get home from the hospital, move around safely or care for a loved one.`}
    >
      <ContentSection title="What it is like to work here">
        <ul>
          <li>A small team where people know each other and help each other out.</li>
          <li>Training on our products, so you can answer questions with confidence.</li>
          <li>
            Work that makes a real difference for older adults, people with disabilities and caregivers.
          </li>
          <li>
            A team based in {address.city}, {address.region}.
          </li>
        </ul>
      </ContentSection>

      <ContentSection title="The kinds of roles we hire for">
        {ROLES.map((role) => (
          <ContentSection key={role.name} title={role.name} level={3}>
            <p>{role.text}</p>
          </ContentSection>
        ))}
      </ContentSection>

      <ContentSection title="Open positions">
        <p>
          We do not always have open positions, and sending an application does not mean a job is available.
          When we are hiring, we contact people whose applications fit the role. We welcome applications at
          any time.
        </p>
      </ContentSection>

      <ContentSection title="How to apply">
        <p>
          Email <a href={applyHref}>{CAREERS_EMAIL}</a> with:
        </p>
        <ul>
          <li>The kind of role you are interested in</li>
          <li>Your resume, or a few lines about your work experience</li>
          <li>Where you live and when you could start</li>
        </ul>
        <p>
          We are an equal opportunity employer. We welcome people of every background, age and ability. If you
          need an accommodation during the hiring process, tell us in your email or call{' '}
          <a href={STORE.phoneHref}>{STORE.phone}</a>.
        </p>
        <p>Please be careful of scams: we will never ask you to pay a fee or share bank details to apply.</p>
      </ContentSection>
    </ContentPage>
  );
}
