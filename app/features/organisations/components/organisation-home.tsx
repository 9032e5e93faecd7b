import { Form, Link, useActionData } from 'react-router';
import { dangerButton, primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { Field, SelectField } from '~/components/ui/field';
import { formatPrice } from '~/commerce/money';
import {
  canManage,
  MEMBER_ROLES,
  type MemberRole,
  ORGANISATION_KINDS,
  type OrganisationKind,
} from '~/commerce/organisations/organisations';
import { answeredField, type FormAnswer } from '~/lib/form-answer';
import { FormResult } from './form-result';
import { LeaveOrganisation } from './leave-organisation';
import { type HomeOrder, OrganisationOrders, type OrdersPage } from './organisation-orders';

export interface HomeDetails {
  id: string;
  name: string;
  kind: OrganisationKind;
  address: string;
  phone: string | null;
  npi: string | null;
  taxId: string | null;
  poRequired: boolean;
  termsDays: number | null;
  creditLimit: number | null;
}
export interface HomeMember {
  userId: string;
  name: string;
  email: string;
  role: MemberRole;
  orderLimit: number | null;
  monthlyLimit: number | null;
}
interface HomeProps {
  organisation: HomeDetails;
  role: MemberRole;
  userId: string;
  members: HomeMember[];
  invitations: { id: string; email: string; role: MemberRole; expiresAt: number }[];
  orders: HomeOrder[];
  ordersPage: OrdersPage;
}

const LINKS = [
  ['/account/organisation/approvals', 'Approvals'],
  ['/account/organisation/tax-exemption', 'Tax exemption'],
  ['/account/organisation/invoices', 'Invoices'],
  ['/account/quotes', 'Quotes'],
  ['/quick-order', 'Quick order'],
] as const;
const ROLE_OPTIONS = Object.entries(MEMBER_ROLES) as [string, string][];
export const limitText = (cents: number | null) => (cents === null ? 'No limit' : formatPrice(cents));
const dollarsOf = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));
const day = (at: number) =>
  new Date(at).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** The organisation's home: details, its pages, members, invitations and orders. */
export function OrganisationHome(props: HomeProps) {
  const { organisation: o, role } = props;
  const answer = useActionData<FormAnswer>();
  const admin = canManage(role);
  return (
    <div className="space-y-8">
      <p>
        You are {MEMBER_ROLES[role].toLowerCase()} of <strong>{o.name}</strong>.
      </p>
      <nav aria-label="Organisation pages">
        <ul className="flex flex-wrap gap-2">
          {LINKS.map(([to, label]) => (
            <li key={to}>
              <Link to={to} className={secondaryButton}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="details-heading" className="space-y-2">
        <h2 id="details-heading" className="text-2xl font-bold">
          Details
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-bold">Type</dt>
          <dd>{ORGANISATION_KINDS[o.kind]}</dd>
          <dt className="font-bold">Address</dt>
          <dd>{o.address}</dd>
          <dt className="font-bold">Phone</dt>
          <dd>{o.phone ?? 'Not given'}</dd>
          <dt className="font-bold">NPI</dt>
          <dd>{o.npi ?? 'Not given'}</dd>
          <dt className="font-bold">Tax ID</dt>
          <dd>{o.taxId ?? 'Not given'}</dd>
          <dt className="font-bold">Purchase order</dt>
          <dd>{o.poRequired ? 'Required at checkout' : 'Optional'}</dd>
          <dt className="font-bold">Payment</dt>
          <dd>
            {o.termsDays === null
              ? 'By card'
              : `By card, or by invoice net ${o.termsDays} (credit limit ${limitText(o.creditLimit)})`}
          </dd>
        </dl>
      </section>
      <section aria-labelledby="members-heading" className="space-y-4">
        <h2 id="members-heading" className="text-2xl font-bold">
          Members
        </h2>
        <FormResult answer={answer?.intent === 'remove' ? answer : undefined} />
        <ul className="space-y-4">
          {props.members.map((m) => (
            <li key={m.userId} className="rounded-md border border-border p-4">
              <MemberEntry member={m} manage={admin} self={m.userId === props.userId} answer={answer} />
            </li>
          ))}
        </ul>
      </section>
      {admin ? <Invitations invitations={props.invitations} answer={answer} /> : null}
      <OrganisationOrders
        heading={
          admin || role === 'approver' ? 'The organisation’s orders' : 'Your orders for the organisation'
        }
        orders={props.orders}
        ordersPage={props.ordersPage}
      />
      <LeaveOrganisation organisation={o} answer={answer} />
    </div>
  );
}

function MemberEntry({
  member: m,
  manage,
  self,
  answer,
}: {
  member: HomeMember;
  manage: boolean;
  self: boolean;
  answer: FormAnswer | undefined;
}) {
  const mine = answer?.intent === `member-${m.userId}` ? answer : undefined;
  const heading = (
    <h3 className="font-bold">
      {m.name} {self ? '(you)' : ''} <span className="font-normal">{m.email}</span>
    </h3>
  );
  if (!manage)
    return (
      <>
        {heading}
        <p>
          {MEMBER_ROLES[m.role]}; order limit {limitText(m.orderLimit)}; monthly limit{' '}
          {limitText(m.monthlyLimit)}
        </p>
      </>
    );
  return (
    <div className="space-y-2">
      {heading}
      <FormResult answer={mine} />
      {/* Keyed by the stored values: once a save revalidates, the fields show what is stored. */}
      <Form
        key={`${m.role}:${m.orderLimit ?? ''}:${m.monthlyLimit ?? ''}`}
        method="post"
        className="grid gap-2 sm:grid-cols-3"
        aria-label={`Role and limits of ${m.name}`}
      >
        <input type="hidden" name="userId" value={m.userId} />
        <SelectField label="Role" options={ROLE_OPTIONS} {...answeredField(mine, 'role', m.role)} />
        <Field
          label="Order limit ($)"
          hint="Blank: no limit"
          inputMode="decimal"
          {...answeredField(mine, 'orderLimit', dollarsOf(m.orderLimit))}
        />
        <Field
          label="Monthly limit ($)"
          hint="Blank: no limit"
          inputMode="decimal"
          {...answeredField(mine, 'monthlyLimit', dollarsOf(m.monthlyLimit))}
        />
        <button
          type="submit"
          name="intent"
          value="member"
          className={`${primaryButton} sm:col-span-3 sm:justify-self-start`}
        >
          Save {m.name}
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="userId" value={m.userId} />
        <button type="submit" name="intent" value="remove" className={dangerButton}>
          Remove {m.name}
        </button>
      </Form>
    </div>
  );
}

function Invitations({
  invitations,
  answer,
}: {
  invitations: HomeProps['invitations'];
  answer: FormAnswer | undefined;
}) {
  const invite = answer?.intent === 'invite' ? answer : undefined;
  return (
    <section aria-labelledby="invite-heading" className="space-y-4">
      <h2 id="invite-heading" className="text-2xl font-bold">
        Invite someone
      </h2>
      <FormResult answer={invite} />
      <Form method="post" className="grid gap-2 sm:grid-cols-2" noValidate>
        <Field label="Email address" type="email" autoComplete="off" {...answeredField(invite, 'email')} />
        <SelectField label="Role" options={ROLE_OPTIONS} {...answeredField(invite, 'role', 'buyer')} />
        <button
          type="submit"
          name="intent"
          value="invite"
          className={`${primaryButton} sm:justify-self-start`}
        >
          Send the invitation
        </button>
      </Form>
      <h3 className="text-xl font-bold">Open invitations</h3>
      <FormResult answer={answer?.intent === 'revoke' ? answer : undefined} />
      {invitations.length === 0 ? (
        <p>No open invitations.</p>
      ) : (
        <ul className="space-y-2">
          {invitations.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center gap-4">
              <span>
                {i.email}, {MEMBER_ROLES[i.role].toLowerCase()}, until {day(i.expiresAt)}
              </span>
              <Form method="post">
                <input type="hidden" name="invitationId" value={i.id} />
                <button type="submit" name="intent" value="revoke" className={secondaryButton}>
                  Withdraw the invitation to {i.email}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
