import { Form, Link, useActionData } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { Field, SelectField, TextAreaField } from '~/components/ui/field';
import { ConsoleMessage } from '~/console/console-message';
import { formatDateTime } from '~/console/console';
import { answeredField, type FormAnswer } from '~/lib/form-answer';
import type { findMessage, listMessages } from '../../contact-inbox.server';
import { ConsoleList } from '~/console/console-list';
import { ConsoleSearchForm } from '~/console/console-search-form';

type ContactStatus = 'new' | 'answered' | 'closed';

const STATUS_LABELS: Record<ContactStatus, string> = { new: 'New', answered: 'Answered', closed: 'Closed' };
const STATUS_OPTIONS = Object.entries(STATUS_LABELS) as [ContactStatus, string][];

type Listed = Awaited<ReturnType<typeof listMessages>>;

export function InboxPage({
  messages,
  total,
  newCount,
  filter,
  pages,
}: Listed & { filter: { q: string; status: string; page: number }; pages: number }) {
  const pageLink = (page: number) => {
    const params = new URLSearchParams();
    if (filter.q) params.set('q', filter.q);
    if (filter.status) params.set('status', filter.status);
    params.set('page', String(page));
    return `/admin/messages?${params}`;
  };
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Contact messages</h1>
      <p>
        {newCount.toLocaleString('en-US')} new {newCount === 1 ? 'message' : 'messages'} waiting for an
        answer.
      </p>
      <ConsoleSearchForm label="Contact messages" className="grid gap-4 sm:grid-cols-3 sm:items-end">
        <Field label="Name, email or text contains" name="q" defaultValue={filter.q} maxLength={100} />
        <SelectField
          label="Status"
          name="status"
          defaultValue={filter.status}
          options={STATUS_OPTIONS}
          placeholder="Any status"
        />
        <button type="submit" className={primaryButton}>
          Search
        </button>
      </ConsoleSearchForm>
      <p role="status">
        {total.toLocaleString('en-US')} {total === 1 ? 'message' : 'messages'} found
      </p>
      <ConsoleList
        rows={messages}
        rowKey={(message) => message.id}
        itemClassName="space-y-1 py-3"
        item={(message) => (
          <>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <Link to={`/admin/messages/${message.id}`} className="font-bold break-all text-brand underline">
                {message.name} &lt;{message.email}&gt;
              </Link>
              <span className="text-sm">
                {STATUS_LABELS[message.status]} · {formatDateTime(message.created_at)}
              </span>
            </div>
            <p className="break-words text-muted">{message.excerpt}</p>
          </>
        )}
        pager={{
          label: 'Pages of messages',
          page: filter.page,
          hasNext: filter.page < pages,
          hrefFor: pageLink,
        }}
      />
    </div>
  );
}

type Message = NonNullable<Awaited<ReturnType<typeof findMessage>>>;

export function MessagePage({ message }: { message: Message }) {
  const answer = useActionData<FormAnswer>();
  const reply = answer?.intent === 'reply' ? answer : undefined;
  return (
    <div className="space-y-8">
      <p>
        <Link to="/admin/messages" className="text-brand underline">
          All messages
        </Link>
      </p>
      <div className="space-y-1">
        <h1 className="text-3xl font-bold break-all">Message from {message.name}</h1>
        <p className="break-all">{message.email}</p>
        <p>
          {STATUS_LABELS[message.status]} · received {formatDateTime(message.created_at)}
          {message.mailed_at ? '' : ' · the staff notification mail has not gone out yet'}
        </p>
      </div>
      <ConsoleMessage />
      <blockquote className="rounded-md border-l-4 border-brand bg-surface p-4 break-words whitespace-pre-wrap">
        {message.message}
      </blockquote>
      {message.replies.length > 0 ? (
        <section aria-labelledby="replies-title" className="space-y-3">
          <h2 id="replies-title" className="text-xl font-bold">
            Replies
          </h2>
          <ul className="space-y-3">
            {message.replies.map((item) => (
              <li key={item.id} className="rounded-md border border-border p-4">
                <p className="text-sm font-bold">
                  {item.staff_name} · {formatDateTime(item.created_at)}
                </p>
                <p className="mt-2 break-words whitespace-pre-wrap">{item.body}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="reply-title" className="max-w-3xl space-y-3">
        <h2 id="reply-title" className="text-xl font-bold">
          Reply to {message.name}
        </h2>
        <Form method="post" className="space-y-4" key={reply?.ok ? message.replies.length : 'open'}>
          <TextAreaField
            label="Your reply"
            required
            maxLength={10_000}
            rows={8}
            hint={`Sent by email to ${message.email}, with their message quoted.`}
            {...answeredField(reply, 'body')}
          />
          <button type="submit" name="intent" value="reply" className={primaryButton}>
            Send reply
          </button>
        </Form>
      </section>
      <Form method="post">
        {message.status === 'closed' ? (
          <button type="submit" name="intent" value="reopen" className={secondaryButton}>
            Open again
          </button>
        ) : (
          <button type="submit" name="intent" value="close" className={secondaryButton}>
            Close message
          </button>
        )}
      </Form>
    </div>
  );
}
