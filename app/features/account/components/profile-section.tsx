import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import { postJson } from '~/lib/api-client';
import { registrationSchema } from '../account.schema';
import { announceAuthChange } from '../auth-sync';
import { useFormErrors } from '~/lib/use-form-errors';
import { useResultMessage } from '../use-result-message';
import { AccountSection } from './account-section';
import { Field } from '~/components/ui/field';
import { ResultMessage } from './result-message';
import { SubmitButton } from './submit-button';

const nameSchema = registrationSchema.pick({ firstName: true, lastName: true });

interface ProfileProps {
  user: { firstName: string; lastName: string; email: string };
}

export function ProfileSection({ user }: ProfileProps) {
  const [values, setValues] = useState({ firstName: user.firstName, lastName: user.lastName });
  const [pending, setPending] = useState(false);
  const { formRef, errors, check, showErrors } = useFormErrors();
  const { messageRef, message, showMessage, clearMessage } = useResultMessage();
  const { revalidate } = useRevalidator();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const input = check(nameSchema, values);
    if (!input) return;
    setPending(true);
    clearMessage();
    const response = await postJson('/api/auth/update-user', {
      ...input,
      name: `${input.firstName} ${input.lastName}`,
    });
    if (response.ok) {
      await revalidate();
      announceAuthChange();
      showMessage('success', 'Profile updated');
    } else {
      if (response.fields) showErrors(response.fields);
      showMessage('error', response.message ?? 'We could not update your profile. Please try again.');
    }
    setPending(false);
  }

  return (
    <AccountSection title="Profile">
      <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          {(['firstName', 'lastName'] as const).map((name) => (
            <Field
              key={name}
              label={name === 'firstName' ? 'First name' : 'Last name'}
              name={name}
              autoComplete={name === 'firstName' ? 'given-name' : 'family-name'}
              value={values[name]}
              onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
              error={errors[name]}
            />
          ))}
        </div>
        <Field
          label="Email"
          name="email"
          type="email"
          value={user.email}
          readOnly
          hint="Your sign-in email."
        />
        <ResultMessage ref={messageRef} message={message} />
        <SubmitButton pending={pending} pendingLabel="Saving...">
          Save changes
        </SubmitButton>
      </form>
    </AccountSection>
  );
}
