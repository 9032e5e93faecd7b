import { type FormEvent, useState } from 'react';
import { Link, useSubmit } from 'react-router';
import { Field, TextAreaField } from '~/components/ui/field';
import { ResultMessage } from '~/components/ui/result-message';
import { SubmitButton } from '~/components/ui/submit-button';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import { ENHANCED_FIELD } from '~/lib/form-answer';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import { loadCartClient } from '../cart-state';
import {
  lineName,
  MAX_QUICK_LINES,
  QUICK_ORDER_INTENT,
  type QuickOrderAnswer,
} from '../quick-order/quick-order.schema';

/**
 * The quick order form: a list typed or pasted, or a CSV file, or both, in one post. Without
 * scripts the browser posts it (multipart, for the file) and the page comes back with the
 * answer; with them the router sends the same form and the cart badge follows: a guest's lines
 * move into the device cart, an account's cart is read again.
 */
export function QuickOrderForm() {
  const posted = usePostedAnswer<QuickOrderAnswer>(QUICK_ORDER_INTENT);
  const [shown, setShown] = useState(posted);
  // The list is uncontrolled; a new key after each answer shows the lines it kept.
  const [round, setRound] = useState(0);
  const { messageRef, message, showAnswer } = useResultMessage(answerMessage(posted));
  const routerSubmit = useSubmit();
  const { pending } = useActionForm<QuickOrderAnswer>(QUICK_ORDER_INTENT, (answer) => {
    setShown(answer);
    setRound((n) => n + 1);
    showAnswer(answer);
    if (!answer.added) return;
    const lines = answer.guestLines;
    void loadCartClient().then((client) => (lines ? client.adoptCookieCart(lines) : client.refreshCart()));
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const body = new FormData(event.currentTarget);
    body.set(ENHANCED_FIELD, '1');
    // Multipart, as the browser sends it: the file goes along.
    void routerSubmit(body, {
      method: 'post',
      encType: 'multipart/form-data',
      replace: true,
      preventScrollReset: true,
    });
  }

  const refused = shown?.refused ?? [];
  const notes = shown?.notes ?? [];
  return (
    <form method="post" encType="multipart/form-data" noValidate onSubmit={onSubmit} className="space-y-5">
      <input type="hidden" name="intent" value={QUICK_ORDER_INTENT} />
      <TextAreaField
        key={round}
        label="SKU and quantity, one per line"
        name="lines"
        rows={10}
        spellCheck={false}
        autoCapitalize="characters"
        hint={`For example "DM-SHC-01, 3" or "DM-SHC-01 3". An SKU alone adds one. Up to ${MAX_QUICK_LINES} lines.`}
        defaultValue={shown && !shown.ok ? (shown.values?.lines ?? '') : ''}
        error={shown?.fields?.lines}
      />
      <Field
        key={`file-${round}`}
        label="Or upload a CSV file (optional)"
        name="file"
        type="file"
        accept=".csv,text/csv"
        hint={`Two columns, sku and quantity, with or without a header row. Up to ${MAX_QUICK_LINES} lines.`}
        error={shown?.fields?.file}
      />
      <ResultMessage ref={messageRef} message={message}>
        {refused.length > 0 ? (
          <ul className="mt-2 list-disc space-y-1 pl-6 font-normal">
            {refused.map((line) => (
              <li key={`${line.source}-${line.line}`}>
                {`${lineName(line.source, line.line)}${line.sku ? ` (${line.sku})` : ''}: ${line.reason}`}
              </li>
            ))}
          </ul>
        ) : null}
        {refused.length > 0 && shown?.values?.lines ? (
          <p className="mt-2 font-normal">These lines are kept in the list above for you to fix.</p>
        ) : null}
        {notes.length > 0 ? (
          <ul className="mt-2 list-disc space-y-1 pl-6 font-normal text-fg">
            {notes.map((note, index) => (
              <li key={`${note.source}-${note.line}-${index}`}>
                {`${lineName(note.source, note.line)} (${note.sku}): ${note.note}`}
              </li>
            ))}
          </ul>
        ) : null}
        {shown?.added ? (
          <p className="mt-2">
            <Link to="/cart" className="underline">
              View your cart
            </Link>
          </p>
        ) : null}
      </ResultMessage>
      <SubmitButton pending={pending} pendingLabel="Adding...">
        Add to cart
      </SubmitButton>
    </form>
  );
}
