import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import { linkButton, secondaryButton } from '~/components/ui/button-styles';
import { Field } from '~/components/ui/field';
import { postJson } from '~/lib/api-client';
import { useHydrated } from '~/lib/use-hydrated';
import { useResultMessage } from '~/components/ui/use-result-message';
import { AccountSection } from './account-section';
import { ResultMessage } from '~/components/ui/result-message';
import { SubmitButton } from '~/components/ui/submit-button';

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string | null;
}

// One formatter for every date (toLocaleDateString would build one per call).
const utcDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const dateOf = (iso: string | null) => (iso ? utcDate.format(new Date(iso)) : null);

/**
 * Passkeys: signing in with this device's fingerprint, face or PIN. Adding one asks the device
 * (WebAuthn, scripts needed); each can be renamed, so "Mum's tablet" is told from "My phone",
 * and removed.
 */
export function PasskeysSection({ passkeys }: { passkeys: PasskeyView[] }) {
  const hydrated = useHydrated();
  const { revalidate } = useRevalidator();
  const [pending, setPending] = useState(false);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const { messageRef, message, showMessage, clearMessage } = useResultMessage();

  async function after(result: { ok: boolean; code?: string; message?: string }, done: string) {
    setPending(false);
    if (result.ok) {
      await revalidate();
      showMessage('success', done);
    } else if (result.code === 'REAUTHENTICATION_REQUIRED') {
      // The settings were open too long: the page asks to confirm it is you again.
      await revalidate();
    } else {
      showMessage('error', result.message ?? 'Please try again.');
    }
  }

  async function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    // Read from the form: a name typed before the page was interactive counts too.
    const form = event.currentTarget;
    const label = String(new FormData(form).get('name') ?? '').trim() || 'My passkey';
    setPending(true);
    clearMessage();
    const { addPasskey } = await import('../passkey-client');
    const result = await addPasskey(label.slice(0, 60));
    if (result.ok) form.reset();
    await after(result, `Passkey "${label}" added. You can now sign in with it.`);
  }

  async function onRename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!renaming || pending) return;
    setPending(true);
    clearMessage();
    const label = renaming.name.trim().slice(0, 60) || 'Passkey';
    const result = await postJson('/api/auth/passkey/update-passkey', { id: renaming.id, name: label });
    if (result.ok) setRenaming(null);
    await after(result, `Passkey renamed to "${label}".`);
  }

  async function onRemove(key: PasskeyView) {
    if (pending) return;
    setPending(true);
    clearMessage();
    const result = await postJson('/api/auth/passkey/delete-passkey', { id: key.id });
    await after(result, `Passkey "${key.name}" removed.`);
  }

  return (
    <AccountSection title="Passkeys" id="passkeys">
      <p>
        A passkey signs you in with this device's fingerprint, face or screen lock instead of a password. It
        stays on your device and cannot be guessed or phished.
      </p>
      <ResultMessage ref={messageRef} message={message} />
      {passkeys.length > 0 ? (
        <ul className="divide-y divide-border rounded-md border border-border">
          {passkeys.map((key) => (
            <li key={key.id} className="space-y-2 p-3">
              {renaming?.id === key.id ? (
                <form onSubmit={onRename} className="space-y-3">
                  <Field
                    label="Passkey name"
                    name="name"
                    maxLength={60}
                    value={renaming.name}
                    onChange={(e) => setRenaming({ id: key.id, name: e.target.value })}
                  />
                  <div className="flex flex-wrap gap-3">
                    <SubmitButton pending={pending} pendingLabel="Saving...">
                      Save name
                    </SubmitButton>
                    <button type="button" className={secondaryButton} onClick={() => setRenaming(null)}>
                      Cancel
                    </button>
                  </div>
                </form>
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <span>
                    <strong>{key.name}</strong>
                    {key.createdAt ? (
                      <span className="block text-sm">Added {dateOf(key.createdAt)}</span>
                    ) : null}
                  </span>
                  <span className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={linkButton}
                      disabled={!hydrated || pending}
                      onClick={() => setRenaming({ id: key.id, name: key.name })}
                    >
                      Rename {key.name}
                    </button>
                    <button
                      type="button"
                      className={linkButton}
                      disabled={!hydrated || pending}
                      onClick={() => void onRemove(key)}
                    >
                      Remove {key.name}
                    </button>
                  </span>
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={onAdd} className="space-y-3">
        <Field
          label="Name for a new passkey"
          name="name"
          maxLength={60}
          hint="For example: My phone, or Kitchen tablet."
        />
        <button type="submit" className={secondaryButton} disabled={!hydrated || pending}>
          {pending ? 'Waiting for your device...' : 'Add a passkey'}
        </button>
      </form>
    </AccountSection>
  );
}
