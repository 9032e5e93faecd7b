import { Form, useActionData } from 'react-router';
import { primaryButton } from '~/components/ui/button-styles';
import { TextAreaField } from '~/components/ui/field';
import type { FormAnswer } from '~/lib/form-answer';
import type { QuoteMessageView } from '../quotes.server';

const when = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/New_York',
});

/** A quote's thread, oldest first, and the form to write on it (the shopper's page and the console's). */
export function QuoteThread({
  messages,
  viewer,
  label,
}: {
  messages: QuoteMessageView[];
  viewer: 'shopper' | 'staff';
  label: string;
}) {
  const answer = useActionData<FormAnswer>();
  const own = answer?.intent === 'message' ? answer : undefined;
  const refused = own && !own.ok ? own : undefined;
  const who = (author: 'shopper' | 'staff') =>
    author === viewer ? 'You' : author === 'staff' ? 'MediSupply' : 'The shopper';
  return (
    <section aria-labelledby="thread" className="space-y-4">
      <h2 id="thread" className="text-2xl font-bold">
        Messages
      </h2>
      <ol className="space-y-3">
        {messages.map((message) => (
          <li key={message.id} className="rounded-md border border-border p-3">
            <p className="text-sm font-bold">
              {who(message.author)} · {when.format(new Date(message.at))}
            </p>
            <p className="whitespace-pre-line">{message.body}</p>
          </li>
        ))}
      </ol>
      <Form method="post" className="space-y-2" noValidate>
        <TextAreaField
          label={label}
          name="message"
          rows={3}
          maxLength={2000}
          // A sent message clears the field (the key changes with each answer).
          key={own?.ok ? messages.length : 'draft'}
          defaultValue={refused?.values?.message ?? ''}
          error={refused?.fields?.message}
        />
        <button type="submit" name="intent" value="message" className={primaryButton}>
          Send message
        </button>
      </Form>
    </section>
  );
}
