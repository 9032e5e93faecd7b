import { type FormEvent, useState } from 'react';
import { linkButton, secondaryButton } from '~/components/ui/button-styles';
import { Field } from '~/components/ui/field';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import { useFormErrors } from '~/lib/use-form-errors';
import type { AccountAnswer } from '../account-forms';
import { phoneCodeSchema, phoneSignInSchema } from '../phone.schema';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import { AccountSection } from './account-section';
import { ResultMessage } from '~/components/ui/result-message';
import { SubmitButton } from '~/components/ui/submit-button';

/**
 * The account's mobile number: sign-in codes by text, and second-step codes when two-factor is
 * on. A new number is saved once the code texted to it comes back.
 */
export function PhoneSection({ phoneNumber }: { phoneNumber: string | null }) {
  const posted = usePostedAnswer<AccountAnswer>('phone-add-send', 'phone-add-verify', 'phone-remove');
  const [number, setNumber] = useState(posted?.values?.phoneNumber ?? '');
  const [sentTo, setSentTo] = useState(posted?.codeSent ? (posted.values?.phoneNumber ?? null) : null);
  const [code, setCode] = useState('');
  const { formRef, errors, check, showErrors } = useFormErrors(posted?.fields);
  const { messageRef, message, showAnswer, clearMessage } = useResultMessage(answerMessage(posted));
  const onAnswer = (answer: AccountAnswer) => {
    if (answer.codeSent) setSentTo(answer.values?.phoneNumber ?? number);
    if (answer.ok && !answer.codeSent) {
      setSentTo(null);
      setNumber('');
      setCode('');
    }
    if (answer.fields) showErrors(answer.fields);
    showAnswer(answer);
  };
  const send = useActionForm<AccountAnswer>('phone-add-send', onAnswer);
  const verify = useActionForm<AccountAnswer>('phone-add-verify', onAnswer);
  const remove = useActionForm<AccountAnswer>('phone-remove', onAnswer);

  function onSend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.pending || !check(phoneSignInSchema, { phoneNumber: number })) return;
    clearMessage();
    send.submit(event.currentTarget);
  }

  function onVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = { phoneNumber: sentTo ?? '', code: code.replace(/\s/g, '') };
    if (verify.pending || !check(phoneCodeSchema, values)) return;
    clearMessage();
    verify.submit(event.currentTarget);
  }

  function onRemove(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (remove.pending) return;
    clearMessage();
    remove.submit(event.currentTarget);
  }

  return (
    <AccountSection title="Mobile number">
      <p>
        {phoneNumber ? (
          <>
            Your mobile number is <strong>{phoneNumber}</strong>. You can sign in with a code texted to it,
            and use it for two-factor codes.
          </>
        ) : (
          'Add a mobile number to sign in with a code by text message, or to get two-factor codes by text.'
        )}
      </p>
      <ResultMessage ref={messageRef} message={message} />
      {sentTo ? (
        <form ref={formRef} method="post" noValidate onSubmit={onVerify} className="space-y-4">
          <input type="hidden" name="intent" value="phone-add-verify" />
          <input type="hidden" name="phoneNumber" value={sentTo} />
          <Field
            label="Code from the text message"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            hint={`The 6-digit code we texted to ${sentTo}`}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={errors.code}
          />
          <div className="flex flex-wrap gap-4">
            <SubmitButton pending={verify.pending} pendingLabel="Checking...">
              Save mobile number
            </SubmitButton>
            <button type="button" className={secondaryButton} onClick={() => setSentTo(null)}>
              Use another number
            </button>
          </div>
        </form>
      ) : (
        <form ref={formRef} method="post" noValidate onSubmit={onSend} className="space-y-4">
          <input type="hidden" name="intent" value="phone-add-send" />
          <Field
            label={phoneNumber ? 'New mobile number' : 'Mobile number'}
            name="phoneNumber"
            type="tel"
            autoComplete="tel"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            error={errors.phoneNumber}
          />
          <SubmitButton pending={send.pending} pendingLabel="Sending...">
            Text me a code
          </SubmitButton>
        </form>
      )}
      {phoneNumber && !sentTo ? (
        <form method="post" onSubmit={onRemove}>
          <input type="hidden" name="intent" value="phone-remove" />
          <button type="submit" className={linkButton} disabled={remove.pending}>
            Remove my mobile number
          </button>
        </form>
      ) : null}
    </AccountSection>
  );
}
