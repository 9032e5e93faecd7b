import { useActionData } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import type { FormAnswer } from '~/lib/form-answer';
import { FormResult } from './form-result';
import { ApplyForm } from './apply-form';
import { OrganisationHome, type HomeDetails, type HomeMember } from './organisation-home';
import type { HomeOrder, OrdersPage } from './organisation-orders';
import type { MemberRole } from '~/commerce/organisations/organisations';

export type OrganisationPageProps =
  | { state: 'apply' }
  | { state: 'pending' | 'refused'; organisation: HomeDetails & { refusalReason: string | null } }
  | {
      state: 'approved';
      organisation: HomeDetails;
      role: MemberRole;
      userId: string;
      members: HomeMember[];
      invitations: { id: string; email: string; role: MemberRole; expiresAt: number }[];
      orders: HomeOrder[];
      ordersPage: OrdersPage;
    };

/** /account/organisation: apply, wait for review, read the refusal, or the organisation's home. */
export function OrganisationPage(props: OrganisationPageProps) {
  // The application's thanks: once sent, the page has turned into the wait for review.
  const answer = useActionData<FormAnswer>();
  const title = props.state === 'apply' ? 'Organisation account' : props.organisation.name;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <Breadcrumbs
        items={[
          { label: 'Home', href: '/' },
          { label: 'My Account', href: '/account' },
          { label: 'Organisation' },
        ]}
      />
      <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
      {props.state === 'apply' && answer?.intent === 'leave' ? <FormResult answer={answer} /> : null}
      {props.state === 'apply' ? <ApplyForm /> : null}
      {props.state === 'pending' && answer?.intent === 'apply' ? <FormResult answer={answer} /> : null}
      {props.state === 'pending' ? (
        <p>
          Your application for {props.organisation.name} is waiting for review. We mail you as soon as it is
          decided, usually within 2 business days. Until then you buy as yourself.
        </p>
      ) : null}
      {props.state === 'refused' ? (
        <p>
          We could not open an organisation account for {props.organisation.name}. The reason:{' '}
          {props.organisation.refusalReason ?? 'not given'}. Questions? Contact us and we will help.
        </p>
      ) : null}
      {props.state === 'approved' ? <OrganisationHome {...props} /> : null}
    </div>
  );
}
