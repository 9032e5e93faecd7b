import type { AppLoadContext } from 'react-router';
import type { FormAnswer } from '~/lib/form-answer';
import { answer, invalidFields, runIntent } from '~/lib/form-action.server';
import { requireAdmin } from '~/console/staff-access.server';
import { changeStaffRole, grantStaffRole, StaffError } from './staff-accounts.server';
import { staffInviteMail } from './staff-mail.server';
import { inviteSchema, roleChangeSchema } from './staff.schema';

export type StaffAnswer = FormAnswer;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The action of /admin/staff: only an administrator invites, changes roles or removes staff. */
export async function staffAction(context: AppLoadContext, request: Request) {
  const admin = await requireAdmin(context, request);
  const { services } = context;
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      async invite({ form }) {
        const values = {
          email: text(form, 'email'),
          firstName: text(form, 'firstName'),
          lastName: text(form, 'lastName'),
          role: text(form, 'role'),
        };
        const parsed = inviteSchema.safeParse(values);
        if (!parsed.success) {
          const { email, firstName, lastName } = values;
          return invalidFields<StaffAnswer>(
            { intent: 'invite', values: { email, firstName, lastName } },
            parsed.error.issues,
          );
        }
        let link: string;
        try {
          ({ link } = await grantStaffRole(
            services.auth,
            services.database.db,
            parsed.data,
            admin,
            services.env.APP_URL,
          ));
        } catch (error) {
          if (!(error instanceof StaffError)) throw error;
          const { email, firstName, lastName } = values;
          return answer<StaffAnswer>(
            { intent: 'invite', ok: false, message: error.message, values: { email, firstName, lastName } },
            { status: 409 },
          );
        }
        // Queued: a mail server that is down delays the invitation (retried), it does not lose it.
        await services.mail.send({
          kind: 'staff invitation',
          to: parsed.data.email,
          ...staffInviteMail({ firstName: parsed.data.firstName, role: parsed.data.role, link }),
        });
        return answer<StaffAnswer>({
          intent: 'invite',
          ok: true,
          message: `Invitation sent to ${parsed.data.email}.`,
        });
      },
      async role({ form }) {
        const parsed = roleChangeSchema.safeParse({ userId: text(form, 'userId'), role: text(form, 'role') });
        if (!parsed.success) return invalidFields<StaffAnswer>({ intent: 'role' }, parsed.error.issues);
        try {
          await changeStaffRole(services.database.db, admin, parsed.data.userId, parsed.data.role);
        } catch (error) {
          if (!(error instanceof StaffError)) throw error;
          return answer<StaffAnswer>({ intent: 'role', ok: false, message: error.message }, { status: 409 });
        }
        return answer<StaffAnswer>({
          intent: 'role',
          ok: true,
          message:
            parsed.data.role === 'customer'
              ? 'Removed from staff. Their account and orders are kept.'
              : 'Role changed.',
        });
      },
    },
  );
}
