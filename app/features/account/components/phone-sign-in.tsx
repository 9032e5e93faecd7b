import { type FormEvent, useState } from 'react';
import { secondaryButton } from '~/components/ui/button-styles';
import { Field } from '~/components/ui/field';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import { useFormErrors } from '~/lib/use-form-errors';
import type { AccessAnswer } from '../account-forms';
import { phoneSignInSchema } from '../phone.schema';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import { ResultMessage } from '~/components/ui/result-message';

/** "Text me a sign-in code": a mobile number instead of an email (a new number makes an account). */
export function PhoneSignIn({ onCodeSent }: { onCodeSent: (phoneNumber: string, message: string) => void }) {
  const posted = usePostedAnswer<AccessAnswer>('phone-send');
  const [phoneNumber, setPhoneNumber] = useState(posted?.values?.phoneNumber ?? '');
  const { formRef, errors, check, showErrors } = useFormErrors(posted?.fields);
  const { messageRef, message, showAnswer, clearMessage } = useResultMessage(
    posted && !posted.ok ? answerMessage(posted) : null,
  );
  const { pending, submit } = useActionForm<AccessAnswer>('phone-send', (answer) => {
    if (answer.ok) return onCodeSent(answer.values?.phoneNumber ?? phoneNumber, answer.message ?? '');
    if (answer.fields) showErrors(answer.fields);
    showAnswer(answer);
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || !check(phoneSignInSchema, { phoneNumber })) return;
    clearMessage();
    submit(event.currentTarget);
  }

  return (
    <form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="mt-5 space-y-3 border-t border-border pt-5"
    >
      <input type="hidden" name="intent" value="phone-send" />
      <Field
        label="Or sign in with your mobile number"
        name="phoneNumber"
        type="tel"
        autoComplete="tel"
        hint="We text you a 6-digit code. Message and data rates may apply."
        value={phoneNumber}
        onChange={(e) => setPhoneNumber(e.target.value)}
        error={errors.phoneNumber}
      />
      <ResultMessage ref={messageRef} message={message} />
      <button type="submit" disabled={pending} className={secondaryButton}>
        {pending ? 'Sending...' : 'Text me a sign-in code'}
      </button>
    </form>
  );
}
