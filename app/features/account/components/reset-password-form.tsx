import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useActionForm, usePostedAnswer } from '~/lib/use-action-form';
import { RESET_INVALID, type ResetAnswer } from '../account-forms';
import { confirmError, newPasswordSchema } from '../account.schema';
import { useFormErrors } from '~/lib/use-form-errors';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import { Field } from '~/components/ui/field';
import { ResultMessage } from '~/components/ui/result-message';
import { SubmitButton } from '~/components/ui/submit-button';

const linkClass = 'mt-2 inline-flex min-h-11 items-center text-brand underline underline-offset-2';

/** The link a reset mail leads to could not be used: offer to send a new one. */
export function InvalidResetLink() {
  return (
    <div className="rounded-md border-2 border-danger p-4">
      <p className="font-bold text-danger">{RESET_INVALID}</p>
      <Link to="/login?forgot=1" className={linkClass}>
        Request a new reset link
      </Link>
    </div>
  );
}

/** Chooses a new password with the token from the reset mail. */
export function ResetPasswordForm({ token }: { token: string }) {
  const posted = usePostedAnswer<ResetAnswer>('reset-password');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [state, setState] = useState(stateOf(posted));
  const { formRef, errors, check, showErrors } = useFormErrors(posted?.fields);
  const { messageRef, message, showAnswer, clearMessage } = useResultMessage(answerMessage(posted));
  const { pending, submit } = useActionForm<ResetAnswer>('reset-password', (answer) => {
    setState(stateOf(answer));
    if (answer.fields) showErrors(answer.fields);
    showAnswer(answer);
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = check(newPasswordSchema, { password }, { confirm: confirmError(password, confirm) });
    if (pending || !values) return;
    clearMessage();
    submit(event.currentTarget);
  }

  if (state === 'invalid') {
    return (
      <div ref={messageRef} tabIndex={-1}>
        <InvalidResetLink />
      </div>
    );
  }
  if (state === 'done') {
    return (
      <ResultMessage ref={messageRef} message={message}>
        <Link to="/login" className={linkClass}>
          Sign in
        </Link>
      </ResultMessage>
    );
  }
  return (
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
      <input type="hidden" name="intent" value="reset-password" />
      <input type="hidden" name="token" value={token} />
      <Field
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="At least 10 characters, not a common password."
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <Field
        label="Confirm password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
      />
      <ResultMessage ref={messageRef} message={message} />
      <SubmitButton pending={pending} pendingLabel="Resetting password...">
        Reset password
      </SubmitButton>
    </form>
  );
}

function stateOf(answer: ResetAnswer | undefined): 'form' | 'done' | 'invalid' {
  return answer?.ok ? 'done' : answer?.invalid ? 'invalid' : 'form';
}
