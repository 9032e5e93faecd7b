import { useEffect, useRef, useState } from 'react';
import { useActionData } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { type AccessAnswer, REGISTERED } from '../account-forms';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { answerMessage, useResultMessage } from '~/components/ui/use-result-message';
import type { CodeChannel } from './code-step';
import { LoginForm } from './login-form';
import { PasskeySignIn } from './passkey-sign-in';
import { ProviderButtons } from './provider-buttons';
import { RegisterForm } from './register-form';
import { ResultMessage } from '~/components/ui/result-message';
import { Tabs } from '~/components/ui/tabs';
import { lazyComponent } from '~/lib/lazy-component';

// The steps after the first one load their code when reached (the server renders them whole).
const CodeStep = lazyComponent(() => import('./code-step').then((m) => m.CodeStep));
const NameStep = lazyComponent(() => import('./name-step').then((m) => m.NameStep));
const TwoFactorChallenge = lazyComponent(() =>
  import('./two-factor-challenge').then((m) => m.TwoFactorChallenge),
);

export type AccessTab = 'signin' | 'register';

interface AccountAccessProps {
  initialTab: AccessTab;
  redirectTo: string;
  showForgot: boolean;
  /** Signed in by a code or link, with no name yet: the name step first. */
  needsName?: boolean;
  /** "Continue with ..." (Google, Apple, OpenID Connect providers open to everyone). */
  providers?: { id: string; name: string }[];
  /** Whether organisations sign in through their own provider (by the email's domain). */
  organisations?: boolean;
  /** Back from a provider that did not sign the visitor in: what to say. */
  providerError?: string | null;
}

type AccessStep = 'credentials' | 'two-factor' | 'code' | 'name';

/** Where a plain POST's answer leaves the page (without scripts each step is a page load). */
function stepAfter(posted: AccessAnswer | undefined, needsName: boolean): AccessStep {
  if (needsName || posted?.needsName) return 'name';
  if (posted?.twoFactor) return 'two-factor';
  if (posted?.intent === 'two-factor') return 'two-factor';
  const codeIntents = ['email-code', 'phone-code'];
  if (posted?.codeSent || (codeIntents.includes(posted?.intent ?? '') && !posted?.ok)) return 'code';
  return 'credentials';
}

/**
 * /login and /signup: sign in, create an account, and the second sign-in step. After a plain
 * POST (no scripts) the page opens where that form's answer belongs: the second step, the
 * sign-in tab after registering, the registration tab when it was refused.
 */
export function AccountAccess(props: AccountAccessProps) {
  const { initialTab, redirectTo, showForgot, needsName = false } = props;
  const { providers = [], organisations = false, providerError = null } = props;
  const posted = useActionData() as AccessAnswer | undefined;
  const registered = posted?.intent === 'sign-up' && posted.ok;
  const [tab, setTab] = useState<AccessTab>(
    !posted ? initialTab : posted.intent === 'sign-up' && !registered ? 'register' : 'signin',
  );
  const [step, setStep] = useState<AccessStep>(stepAfter(posted, needsName));
  const postedPhone = posted?.intent === 'phone-send' || posted?.intent === 'phone-code';
  const [codeSent, setCodeSent] = useState<{ channel: CodeChannel; destination: string; message: string }>({
    channel: postedPhone ? 'phone' : 'email',
    destination: (postedPhone ? posted?.values?.phoneNumber : posted?.values?.email) ?? '',
    message: posted?.codeSent ? (posted.message ?? '') : '',
  });
  // The email typed into a sign-in, reset or registration that was answered stays filled in.
  const [loginEmail, setLoginEmail] = useState(
    posted?.intent !== 'sign-up' || registered ? (posted?.values?.email ?? '') : '',
  );
  const { messageRef, message, showMessage, clearMessage } = useResultMessage(
    registered || posted?.intent === 'oauth'
      ? answerMessage(posted)
      : providerError && !posted
        ? { kind: 'error', text: providerError }
        : null,
  );
  const completeSignIn = useCompleteSignIn(redirectTo);
  // Before the page is interactive (or without scripts) each tab is a link to its own page.
  const query = redirectTo === '/' ? '' : `?redirectTo=${encodeURIComponent(redirectTo)}`;
  const cardRef = useRef<HTMLDivElement>(null);
  const [backFromTwoFactor, setBackFromTwoFactor] = useState(0);

  // Leaving the second step puts focus back in the sign-in form, on the password.
  useEffect(() => {
    if (backFromTwoFactor) cardRef.current?.querySelector<HTMLElement>('input[type="password"]')?.focus();
  }, [backFromTwoFactor]);

  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <Breadcrumbs items={[{ label: 'Home', href: '/' }, { label: 'Account Access' }]} />
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">Account Access</h1>
      <div ref={cardRef} className="mt-6 rounded-lg border border-border p-5 sm:p-8">
        {step === 'name' ? (
          <NameStep onSaved={completeSignIn} />
        ) : step === 'code' ? (
          <CodeStep
            channel={codeSent.channel}
            destination={codeSent.destination}
            sentMessage={codeSent.message}
            redirectTo={redirectTo}
            onSignedIn={completeSignIn}
            onTwoFactor={() => setStep('two-factor')}
            onNeedsName={() => setStep('name')}
            onCancel={() => {
              setStep('credentials');
              setBackFromTwoFactor((n) => n + 1);
            }}
          />
        ) : step === 'two-factor' ? (
          <TwoFactorChallenge
            redirectTo={redirectTo}
            onVerified={completeSignIn}
            onCancel={() => {
              setStep('credentials');
              setBackFromTwoFactor((n) => n + 1);
            }}
          />
        ) : (
          <Tabs
            label="Account Access"
            value={tab}
            onValueChange={setTab}
            size="lg"
            focusablePanels={false}
            items={[
              {
                id: 'signin',
                label: 'Sign In',
                href: `/login${query}`,
                content: (
                  <div className="space-y-5">
                    <ResultMessage ref={messageRef} message={message} />
                    <LoginForm
                      email={loginEmail}
                      onEmailChange={setLoginEmail}
                      initialForgot={showForgot}
                      redirectTo={redirectTo}
                      onTwoFactor={() => setStep('two-factor')}
                      onSignedIn={completeSignIn}
                      onAttempt={clearMessage}
                      organisations={organisations}
                      onCodeSent={(channel, destination, sent) => {
                        setCodeSent({ channel, destination, message: sent });
                        setStep('code');
                      }}
                    />
                    <PasskeySignIn onSignedIn={completeSignIn} />
                    {providers.length > 0 ? <ProviderButtons providers={providers} /> : null}
                  </div>
                ),
              },
              {
                id: 'register',
                label: 'Create Account',
                href: `/signup${query}`,
                content: (
                  <RegisterForm
                    onRegistered={(email) => {
                      setLoginEmail(email);
                      setTab('signin');
                      showMessage('success', REGISTERED);
                    }}
                  />
                ),
              },
            ]}
          />
        )}
      </div>
    </div>
  );
}
