import { Form, Link, useActionData } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import type { FormAnswer } from '~/lib/form-answer';
import { FormResult } from './form-result';

type InvitationProps =
  | { state: 'guest'; signIn: string; signUp: string }
  | { state: 'closed'; message: string }
  | {
      state: 'open';
      organisation: string;
      role: string;
      email: string;
      signedInAs: string;
      matches: boolean;
    };

/** /organisation-invitation/:token: accept with the invited address, or learn why not. */
export function InvitationPage(props: InvitationProps) {
  const answer = useActionData<FormAnswer>();
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">Organisation invitation</h1>
      {props.state === 'guest' ? (
        <>
          <p>
            Sign in, or create an account, with the email address the invitation was sent to. You come back
            here to accept.
          </p>
          <p className="flex flex-wrap gap-2">
            <Link to={props.signIn} className={primaryButton}>
              Sign in
            </Link>
            <Link to={props.signUp} className={secondaryButton}>
              Create an account
            </Link>
          </p>
        </>
      ) : null}
      {props.state === 'closed' && !answer?.ok ? <p role="alert">{props.message}</p> : null}
      <FormResult answer={answer} />
      {answer?.ok ? (
        <p>
          <Link to="/account/organisation" className={primaryButton}>
            Open your organisation
          </Link>
        </p>
      ) : null}
      {props.state === 'open' && !answer?.ok ? (
        <>
          <p>
            You are invited to buy for <strong>{props.organisation}</strong> as {props.role.toLowerCase()}.
            The invitation is for {props.email}.
          </p>
          {props.matches ? (
            <Form method="post">
              <button type="submit" name="intent" value="accept" className={primaryButton}>
                Join {props.organisation}
              </button>
            </Form>
          ) : (
            <p role="alert">
              You are signed in as {props.signedInAs}. Sign out, then sign in or create an account with{' '}
              {props.email} to accept.
            </p>
          )}
        </>
      ) : null}
    </div>
  );
}
