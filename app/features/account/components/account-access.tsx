import { useEffect, useRef, useState } from 'react';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { useResultMessage } from '../use-result-message';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { ResultMessage } from './result-message';
import { TwoFactorChallenge } from './two-factor-challenge';
import { Tabs } from '~/components/ui/tabs';

export type AccessTab = 'signin' | 'register';

interface AccountAccessProps {
  initialTab: AccessTab;
  redirectTo: string;
  showForgot: boolean;
}

/** /login and /signup: sign in, create an account, and the second sign-in step. */
export function AccountAccess({ initialTab, redirectTo, showForgot }: AccountAccessProps) {
  const [tab, setTab] = useState<AccessTab>(initialTab);
  const [step, setStep] = useState<'credentials' | 'two-factor'>('credentials');
  const [loginEmail, setLoginEmail] = useState('');
  const { messageRef, message, showMessage, clearMessage } = useResultMessage();
  const completeSignIn = useCompleteSignIn(redirectTo);
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
        {step === 'two-factor' ? (
          <TwoFactorChallenge
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
                content: (
                  <div className="space-y-5">
                    <ResultMessage ref={messageRef} message={message} />
                    <LoginForm
                      email={loginEmail}
                      onEmailChange={setLoginEmail}
                      initialForgot={showForgot}
                      onTwoFactor={() => setStep('two-factor')}
                      onSignedIn={completeSignIn}
                      onAttempt={clearMessage}
                    />
                  </div>
                ),
              },
              {
                id: 'register',
                label: 'Create Account',
                content: (
                  <RegisterForm
                    onRegistered={(email) => {
                      setLoginEmail(email);
                      setTab('signin');
                      showMessage(
                        'success',
                        'Registration successful. Please check your email to confirm your account, then sign in.',
                      );
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
