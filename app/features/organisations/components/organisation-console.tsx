import { Form, Link, useActionData } from 'react-router';
import { dangerButton, primaryButton } from '~/components/ui/button-styles';
import { Field, SelectField, TextAreaField } from '~/components/ui/field';
import { ConsoleList } from '~/console/console-list';
import { ConsoleMessage } from '~/console/console-message';
import { formatDateTime } from '~/console/console';
import {
  MEMBER_ROLES,
  ORGANISATION_KINDS,
  ORGANISATION_STATUSES,
  type OrganisationKind,
  type OrganisationStatus,
} from '~/commerce/organisations/organisations';
import { answeredField, type FormAnswer } from '~/lib/form-answer';
import { limitText, type HomeMember } from './organisation-home';

interface ConsoleProps {
  isAdmin: boolean;
  organisation: {
    id: string;
    name: string;
    kind: OrganisationKind;
    address: string;
    phone: string | null;
    npi: string | null;
    taxId: string | null;
    status: OrganisationStatus;
    refusalReason: string | null;
    applicantEmail: string | null;
    appliedAt: number;
    poRequired: boolean;
    termsDays: number | null;
    creditLimit: number | null;
  };
  members: HomeMember[];
}

/** /admin/organisations/:id: the application, staff's decision, the buying terms and the members. */
export function OrganisationConsole({ isAdmin, organisation: o, members }: ConsoleProps) {
  const answer = useActionData<FormAnswer>();
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/organisations">All organisations</Link>
      </p>
      <h1 className="text-3xl font-bold">{o.name}</h1>
      <ConsoleMessage />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-bold">Status</dt>
        <dd>
          {ORGANISATION_STATUSES[o.status]}
          {o.refusalReason ? `: ${o.refusalReason}` : ''}
        </dd>
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
        <dt className="font-bold">Applicant</dt>
        <dd>
          {o.applicantEmail ?? 'Account deleted'}, {formatDateTime(o.appliedAt)}
        </dd>
      </dl>
      {o.status === 'pending' ? <Decide answer={answer} /> : null}
      {isAdmin ? <Terms organisation={o} answer={answer?.intent === 'terms' ? answer : undefined} /> : null}
      <section aria-labelledby="members-heading" className="space-y-2">
        <h2 id="members-heading" className="text-2xl font-bold">
          Members
        </h2>
        <ConsoleList
          rows={members}
          rowKey={(m) => m.userId}
          emptyMessage="No members."
          announceEmpty={false}
          // Entries, not a wide table: the console is used on phones too, without sideways scrolling.
          item={(m) => (
            <p>
              <strong>{m.name}</strong> ({m.email}): {MEMBER_ROLES[m.role]}; order limit{' '}
              {limitText(m.orderLimit)}; monthly limit {limitText(m.monthlyLimit)}
            </p>
          )}
        />
      </section>
    </div>
  );
}

function Decide({ answer }: { answer: FormAnswer | undefined }) {
  const refusal = answer?.intent === 'refuse' ? answer : undefined;
  return (
    <section aria-labelledby="decide-heading" className="space-y-2">
      <h2 id="decide-heading" className="text-2xl font-bold">
        Decision
      </h2>
      <div className="flex flex-wrap gap-8">
        <Form method="post">
          <button type="submit" name="intent" value="approve" className={primaryButton}>
            Approve and mail the applicant
          </button>
        </Form>
        <Form method="post" className="max-w-xl flex-1 space-y-2">
          <TextAreaField
            label="Why it is refused (the applicant reads it)"
            name="reason"
            rows={3}
            maxLength={600}
            error={refusal?.fields?.reason}
          />
          <button type="submit" name="intent" value="refuse" className={dangerButton}>
            Refuse
          </button>
        </Form>
      </div>
    </section>
  );
}

function Terms({
  organisation: o,
  answer,
}: {
  organisation: ConsoleProps['organisation'];
  answer: FormAnswer | undefined;
}) {
  return (
    <section aria-labelledby="terms-heading" className="space-y-2">
      <h2 id="terms-heading" className="text-2xl font-bold">
        Buying terms
      </h2>
      <Form method="post" className="max-w-xl space-y-4">
        <SelectField
          label="Purchase order number"
          options={[
            ['no', 'Optional'],
            ['yes', 'Required at checkout'],
          ]}
          {...answeredField(answer, 'poRequired', o.poRequired ? 'yes' : 'no')}
        />
        <SelectField
          label="Pay by invoice"
          options={[
            ['none', 'No: card only'],
            ['15', 'Net 15'],
            ['30', 'Net 30'],
            ['60', 'Net 60'],
          ]}
          {...answeredField(answer, 'terms', o.termsDays === null ? 'none' : String(o.termsDays))}
        />
        <Field
          label="Credit limit ($)"
          hint="Needed for pay by invoice; blank for none"
          inputMode="decimal"
          {...answeredField(
            answer,
            'creditLimit',
            o.creditLimit === null ? '' : (o.creditLimit / 100).toFixed(2),
          )}
        />
        <button type="submit" name="intent" value="terms" className={primaryButton}>
          Save the buying terms
        </button>
      </Form>
    </section>
  );
}
