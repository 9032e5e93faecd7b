import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { linkButton, secondaryButton } from '~/components/ui/button-styles';
import { Field } from '~/components/ui/field';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import { useFormErrors } from '~/lib/use-form-errors';
import type { AccessAnswer } from '../account-forms';
import { emailCodeSchema } from '../account.schema';
import { phoneCodeSchema } from '../phone.schema';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import { ResultMessage } from '~/components/ui/result-message';
import { SubmitButton } from '~/components/ui/submit-button';

/** Where the code went: an email address, or a mobile number. */
export type CodeChannel = 'email' | 'phone';

const CHANNELS = {
  email: {
    field: 'email',
    verify: 'email-code',
    resend: 'sign-in',
    sentTo: 'we emailed to',
    schema: emailCodeSchema,
  },
  phone: {
    field: 'phoneNumber',
    verify: 'phone-code',
    resend: 'phone-send',
    sentTo: 'we texted to',
    schema: phoneCodeSchema,
  },
} as const;

/**
 * The code from a sign-in email or text message. Without scripts each button posts: the code,
 * a new code (the sign-in form's "Email me a sign-in code" or "Text me a sign-in code" again),
 * or back to /login.
 */
export function CodeStep({
  channel,
  destination,
  sentMessage,
  redirectTo,
  onSignedIn,
  onTwoFactor,
  onNeedsName,
  onCancel,
}: {
  channel: CodeChannel;
  /** The address or number the code went to. */
  destination: string;
  /** "We sent a 6-digit code to ..." */
  sentMessage: string;
  redirectTo: string;
  onSignedIn: () => Promise<void>;
  onTwoFactor: () => void;
  onNeedsName: () => void;
  onCancel: () => void;
}) {
  const how = CHANNELS[channel];
  const posted = usePostedAnswer<AccessAnswer>(how.verify);
  const [code, setCode] = useState('');
  const { formRef, errors, check, showErrors } = useFormErrors(posted?.fields);
  const { messageRef, message, showAnswer, showMessage, clearMessage } = useResultMessage(
    answerMessage(posted) ?? { kind: 'success', text: sentMessage },
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  const backId = useId();
  const resendId = useId();
  const { pending, submit } = useActionForm<AccessAnswer>(how.verify, (answer) => {
    if (answer.twoFactor) return onTwoFactor();
    if (answer.needsName) return onNeedsName();
    if (answer.ok) return void onSignedIn();
    if (answer.fields) showErrors(answer.fields);
    showAnswer(answer);
  });
  const resend = useActionForm<AccessAnswer>(how.resend, (answer) => {
    setCode('');
    showAnswer(answer);
  });

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = { [how.field]: destination, code: code.replace(/\s/g, '') };
    if (pending || !check(how.schema, values)) return;
    clearMessage();
    submit(event.currentTarget);
  }

  function onResend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (resend.pending) return;
    showMessage('success', 'Sending a new code...');
    resend.submit(event.currentTarget, channel === 'email' ? { via: 'code' } : {});
  }

  return (
    <section aria-labelledby="email-code-title" className="space-y-4">
      <h2 id="email-code-title" ref={headingRef} tabIndex={-1} className="text-2xl font-bold">
        Enter your sign-in code
      </h2>
      <ResultMessage ref={messageRef} message={message} />
      <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
        <input type="hidden" name="intent" value={how.verify} />
        <input type="hidden" name={how.field} value={destination} />
        <Field
          label="Sign-in code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          spellCheck={false}
          hint={`The 6-digit code ${how.sentTo} ${destination}`}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={errors.code ?? errors[how.field]}
        />
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pending={pending} pendingLabel="Signing in...">
            Sign In
          </SubmitButton>
          <button
            type="submit"
            form={backId}
            className={secondaryButton}
            onClick={(event) => {
              event.preventDefault();
              onCancel();
            }}
          >
            Back to sign in
          </button>
        </div>
      </form>
      <form id={backId} method="get" action="/login">
        {redirectTo === '/' ? null : <input type="hidden" name="redirectTo" value={redirectTo} />}
      </form>
      <form id={resendId} method="post" onSubmit={onResend}>
        <input type="hidden" name="intent" value={how.resend} />
        {channel === 'email' ? <input type="hidden" name="via" value="code" /> : null}
        <input type="hidden" name={how.field} value={destination} />
        <button type="submit" className={linkButton} disabled={resend.pending}>
          Email me a new code
        </button>
      </form>
    </section>
  );
}
