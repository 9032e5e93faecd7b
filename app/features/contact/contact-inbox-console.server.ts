import { type AppLoadContext, data } from 'react-router';
import { z } from 'zod';
import type { ContactStatus } from '#server/db/schema';
import { answer, invalidFields, runIntent } from '~/lib/form-action.server';
import { type FormAnswer, textFields } from '~/lib/form-answer';
import { pageParam, searchText } from '~/console/console';
import { requireStaff } from '~/console/staff-access.server';
import {
  CONTACT_STATUSES,
  findMessage,
  InboxError,
  listMessages,
  MESSAGES_PER_PAGE,
  replyToMessage,
  setMessageStatus,
} from './contact-inbox.server';

const ID = /^[0-9a-f-]{36}$/;

const replySchema = z.strictObject({
  body: z.string().trim().min(1, 'Write a reply.').max(10_000, 'Keep the reply under 10,000 characters.'),
});

export async function inboxPageData(context: AppLoadContext, request: Request) {
  await requireStaff(context, request);
  const params = new URL(request.url).searchParams;
  const status = params.get('status') ?? '';
  const filter = {
    q: searchText(params.get('q')),
    status: ((CONTACT_STATUSES as readonly string[]).includes(status) ? status : '') as ContactStatus | '',
    page: pageParam(params.get('page')),
  };
  const list = await listMessages(context.services.database.db, filter);
  return { ...list, filter, pages: Math.max(1, Math.ceil(list.total / MESSAGES_PER_PAGE)) };
}

export async function messagePageData(context: AppLoadContext, request: Request, id: string) {
  await requireStaff(context, request);
  const message = ID.test(id) ? await findMessage(context.services.database.db, id) : undefined;
  if (!message) throw data(null, { status: 404 });
  return { message };
}

/** One message's page: reply to the sender, close it, open it again. */
export async function messageAction(context: AppLoadContext, request: Request, id: string) {
  const staff = await requireStaff(context, request);
  if (!ID.test(id)) throw data(null, { status: 404 });
  const { db } = context.services.database;
  const refused = (intent: string, error: unknown) => {
    if (!(error instanceof InboxError)) throw error;
    return answer<FormAnswer>({ intent, ok: false, message: error.message }, { status: 409 });
  };
  const status = (intent: string, next: ContactStatus, message: string) => async () => {
    try {
      await setMessageStatus(db, staff, id, next);
    } catch (error) {
      return refused(intent, error);
    }
    return answer<FormAnswer>({ intent, ok: true, message });
  };
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      async reply({ form }) {
        const values = textFields(form, ['body']);
        const parsed = replySchema.safeParse(values);
        if (!parsed.success)
          return invalidFields<FormAnswer>({ intent: 'reply', values }, parsed.error.issues);
        const name = `${staff.firstName} ${staff.lastName}`.trim() || staff.email;
        try {
          const email = await replyToMessage(
            db,
            context.services.mail,
            { ...staff, name },
            id,
            parsed.data.body,
          );
          return answer<FormAnswer>({
            intent: 'reply',
            ok: true,
            message: `Your reply is on its way to ${email}.`,
          });
        } catch (error) {
          return refused('reply', error);
        }
      },
      close: status('close', 'closed', 'The message is closed.'),
      reopen: status('reopen', 'new', 'The message is open again.'),
    },
  );
}
