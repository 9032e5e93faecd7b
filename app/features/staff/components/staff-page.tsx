import { Form, useActionData } from 'react-router';
import { answeredField } from '~/lib/form-answer';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { Field, SelectField } from '~/components/ui/field';
import type { StaffAnswer } from '../staff-actions.server';
import type { StaffMember } from '../staff-accounts.server';
import { ConsoleMessage } from '~/console/console-message';

const ROLE_OPTIONS = [
  ['staff', 'Staff'],
  ['admin', 'Administrator'],
] as const;

export function StaffPage({ staff, me }: { staff: StaffMember[]; me: string }) {
  const answer = useActionData<StaffAnswer>();
  const invite = answer?.intent === 'invite' ? answer : undefined;
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold">Staff</h1>
      <ConsoleMessage />
      <section aria-labelledby="members-title" className="space-y-3">
        <h2 id="members-title" className="text-xl font-bold">
          Members
        </h2>
        <ul className="divide-y divide-border border-y border-border">
          {staff.map((member) => (
            <li key={member.id} className="flex flex-wrap items-end justify-between gap-4 py-3">
              <div>
                <p className="font-bold break-all">{member.name}</p>
                <p className="break-all">{member.email}</p>
                <p className="text-sm">
                  Two-factor authentication{' '}
                  {member.twoFactorEnabled ? 'on' : 'off: the console stays closed to them'}
                </p>
              </div>
              {member.id === me ? (
                <p>{member.role === 'admin' ? 'Administrator' : 'Staff'} (you)</p>
              ) : (
                <div className="flex flex-wrap items-end gap-2">
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="userId" value={member.id} />
                    <SelectField
                      label={`Role of ${member.name}`}
                      name="role"
                      defaultValue={member.role}
                      options={ROLE_OPTIONS}
                    />
                    <button type="submit" name="intent" value="role" className={secondaryButton}>
                      Change role
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="userId" value={member.id} />
                    <input type="hidden" name="role" value="customer" />
                    <button
                      type="submit"
                      name="intent"
                      value="role"
                      className={secondaryButton}
                      aria-label={`Remove ${member.name} from staff`}
                    >
                      Remove from staff
                    </button>
                  </Form>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="invite-title" className="max-w-xl space-y-3">
        <h2 id="invite-title" className="text-xl font-bold">
          Invite someone
        </h2>
        <p>
          They get an email with a link to set their password. An existing customer account is promoted once
          its address is confirmed: it is signed out everywhere and sets up two-factor authentication when it
          signs in again.
        </p>
        <Form method="post" className="space-y-4" key={invite?.ok ? 'sent' : 'open'}>
          <Field label="Email" type="email" autoComplete="off" {...answeredField(invite, 'email')} required />
          <Field label="First name" {...answeredField(invite, 'firstName')} required maxLength={50} />
          <Field label="Last name" {...answeredField(invite, 'lastName')} required maxLength={50} />
          <SelectField label="Role" options={ROLE_OPTIONS} {...answeredField(invite, 'role', 'staff')} />
          <button type="submit" name="intent" value="invite" className={primaryButton}>
            Send invitation
          </button>
        </Form>
      </section>
    </div>
  );
}
