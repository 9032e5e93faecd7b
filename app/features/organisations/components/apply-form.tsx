import { Form, useActionData } from 'react-router';
import { primaryButton } from '~/components/ui/button-styles';
import { Field, SelectField } from '~/components/ui/field';
import { ORGANISATION_KINDS } from '~/commerce/organisations/organisations';
import { answeredField, type FormAnswer } from '~/lib/form-answer';
import { FormResult } from './form-result';

const KIND_OPTIONS = Object.entries(ORGANISATION_KINDS) as [string, string][];

/** The application for an organisation account; staff review it before anyone buys for it. */
export function ApplyForm() {
  const answer = useActionData<FormAnswer>();
  const mine = answer?.intent === 'apply' ? answer : undefined;
  const field = (name: string) => answeredField(mine, name);
  return (
    <section aria-labelledby="apply-heading" className="space-y-4">
      <h2 id="apply-heading" className="text-2xl font-bold">
        Apply for an organisation account
      </h2>
      <p>
        For clinics, home-care agencies, hospitals and pharmacies: several people buy for one organisation,
        with roles and spending limits. We review each application and mail you the outcome. You become its
        first admin.
      </p>
      <FormResult answer={mine} />
      <Form method="post" className="space-y-4" noValidate>
        <Field label="Legal name" autoComplete="organization" required maxLength={200} {...field('name')} />
        <SelectField
          label="Type"
          options={KIND_OPTIONS}
          placeholder="Choose..."
          required
          {...field('kind')}
        />
        <Field
          label="Street address"
          autoComplete="address-line1"
          required
          maxLength={200}
          {...field('line1')}
        />
        <Field
          label="Suite, unit (optional)"
          autoComplete="address-line2"
          maxLength={200}
          {...field('line2')}
        />
        <Field label="City" autoComplete="address-level2" required maxLength={100} {...field('city')} />
        <Field
          label="State"
          hint="Two letters, such as NY"
          autoComplete="address-level1"
          required
          maxLength={2}
          {...field('state')}
        />
        <Field
          label="ZIP code"
          autoComplete="postal-code"
          inputMode="numeric"
          required
          maxLength={10}
          {...field('zip')}
        />
        <Field label="Phone" type="tel" autoComplete="tel" required maxLength={32} {...field('phone')} />
        <Field
          label="NPI (optional)"
          hint="The organisation’s 10-digit National Provider Identifier"
          inputMode="numeric"
          maxLength={10}
          {...field('npi')}
        />
        <Field label="Tax ID (optional)" hint="EIN, such as 12-3456789" maxLength={10} {...field('taxId')} />
        <button type="submit" name="intent" value="apply" className={primaryButton}>
          Send the application
        </button>
      </Form>
    </section>
  );
}
