import { Form, useActionData, useNavigation } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { Field } from '~/components/ui/field';
import type { FormAnswer } from '~/lib/form-answer';
import { formatDateTime } from '~/console/console';
import { ConsoleMessage } from '~/console/console-message';

interface Organisation {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  domains: string[];
  createdAt: number;
}

/**
 * Organisations whose people sign in through their own provider: "Sign in with my
 * organisation" on /login sends an email of their domains there. Plain forms: no scripts needed.
 */
export function OrganisationSignInPage({
  organisations,
  callbackBase,
}: {
  organisations: Organisation[];
  callbackBase: string;
}) {
  const answer = useActionData<FormAnswer>();
  const added = answer?.intent === 'add' && answer.ok;
  const kept = answer?.intent === 'add' && !answer.ok ? answer.values : undefined;
  const errors = answer?.intent === 'add' ? (answer.fields ?? {}) : {};
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Organisation sign-in</h1>
      <p>
        Clinics and home-care agencies can let their people sign in with their work account. Add the
        organisation’s OpenID Connect provider and its email domains: on the sign-in page, “Sign in with my
        organisation” sends an address of those domains to it. The provider may sign in only addresses of its
        own domains.
      </p>
      <ConsoleMessage />
      <section aria-labelledby="organisations-title" className="space-y-3">
        <h2 id="organisations-title" className="text-2xl font-bold">
          Organisations
        </h2>
        {organisations.length === 0 ? (
          <p>No organisation signs in through its own provider yet.</p>
        ) : (
          <ul className="divide-y divide-border border-y border-border">
            {organisations.map((org) => (
              <li key={org.id} className="flex flex-wrap items-end justify-between gap-4 py-3">
                <div className="min-w-0 space-y-1">
                  <p className="font-bold">{org.name}</p>
                  <p className="text-sm break-all">
                    Domains: {org.domains.join(', ')} · Issuer: {org.issuer} · Client ID: {org.clientId}
                  </p>
                  <p className="text-sm break-all">
                    Redirect address: {callbackBase}
                    {org.id} · Added {formatDateTime(org.createdAt)}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={org.id} />
                  <button type="submit" className={secondaryButton} disabled={busy}>
                    Remove {org.name}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="add-organisation-title" className="space-y-3">
        <h2 id="add-organisation-title" className="text-2xl font-bold">
          Add an organisation
        </h2>
        <Form method="post" className="max-w-xl space-y-4" key={added ? 'added' : 'form'}>
          <input type="hidden" name="intent" value="add" />
          <Field label="Organisation name" name="name" defaultValue={kept?.name} error={errors.name} />
          <Field
            label="Email domains"
            name="domains"
            hint="Separated by commas, such as riverside.example, riverside-care.example"
            defaultValue={kept?.domains}
            error={errors.domains}
          />
          <Field
            label="Issuer URL"
            name="issuer"
            type="url"
            hint="The provider’s address; its configuration is read from /.well-known/openid-configuration."
            defaultValue={kept?.issuer}
            error={errors.issuer}
          />
          <Field label="Client ID" name="clientId" defaultValue={kept?.clientId} error={errors.clientId} />
          <Field
            label="Client secret"
            name="clientSecret"
            type="password"
            autoComplete="off"
            hint="Stored encrypted; never shown again."
            error={errors.clientSecret}
          />
          <button type="submit" className={primaryButton} disabled={busy}>
            Add organisation
          </button>
        </Form>
      </section>
    </div>
  );
}
