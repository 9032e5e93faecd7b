import { Form, useActionData, useNavigation } from 'react-router';
import { primaryButton } from '~/components/ui/button-styles';
import { Field, SelectField } from '~/components/ui/field';
import { centsToDecimal } from '~/commerce/money';
import type { Promotion } from '~/commerce/promo/promo';
import type { PromotionAnswer } from '../promotions-console.server';

const KINDS = [
  ['percent', 'Percent off'],
  ['fixed', 'Fixed amount off'],
  ['free_shipping', 'Free shipping'],
] as const;
const SCOPES = [
  ['all', 'The whole order'],
  ['category', 'Categories'],
  ['product', 'Products'],
] as const;

/** yyyy-mm-dd of a moment in the store's time zone (the date fields' value). */
function storeDay(at: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(at);
}

/** The form's values for a promotion (blank for a new one). */
export function promotionValues(p: Promotion | undefined): Record<string, string> {
  if (!p) return { kind: 'percent', scope: 'all' };
  return {
    label: p.label,
    kind: p.kind,
    value: p.kind === 'fixed' ? centsToDecimal(p.value) : p.kind === 'percent' ? String(p.value) : '',
    minSubtotal: p.minSubtotal ? centsToDecimal(p.minSubtotal) : '',
    minItems: p.minItems ? String(p.minItems) : '',
    firstOrder: p.firstOrder ? 'on' : '',
    scope: p.scope,
    scopeIds: p.scopeIds.join(', '),
    startsOn: p.startsAt === null ? '' : storeDay(p.startsAt),
    // The last day it works: the day before the midnight it ends.
    endsOn: p.endsAt === null ? '' : storeDay(p.endsAt - 1),
    usageLimit: p.usageLimit === null ? '' : String(p.usageLimit),
    perCustomerLimit: p.perCustomerLimit === null ? '' : String(p.perCustomerLimit),
  };
}

/** A promotion's fields; the code only when it is made (orders name it afterwards). */
export function PromotionEditor({
  values,
  withCode,
  submitLabel,
}: {
  values: Record<string, string>;
  withCode: boolean;
  submitLabel: string;
}) {
  const answer = useActionData<PromotionAnswer>();
  const mine = answer?.intent === 'save' ? answer : undefined;
  const typed = mine && !mine.ok ? mine.values : undefined;
  const value = (name: string) => typed?.[name] ?? values[name] ?? '';
  const error = (name: string) => mine?.fields?.[name];
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  return (
    <Form
      method="post"
      className="max-w-3xl space-y-6"
      aria-label="Promotion"
      key={mine?.ok ? 'saved' : 'editing'}
    >
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-xl font-bold">What it gives</legend>
        {withCode ? (
          <Field
            label="Code"
            name="code"
            hint="3 to 32 letters, digits, - or _; matched whatever the case typed"
            defaultValue={value('code')}
            error={error('code')}
            required
            maxLength={32}
            autoComplete="off"
          />
        ) : null}
        <Field
          label="How it reads in the cart"
          name="label"
          defaultValue={value('label')}
          error={error('label')}
          required
          maxLength={80}
        />
        <SelectField
          label="Kind"
          name="kind"
          options={KINDS}
          defaultValue={value('kind')}
          error={error('kind')}
        />
        <Field
          label="Percent or dollars off"
          name="value"
          hint="20 for 20 %, 25.00 for $25; blank for free shipping"
          inputMode="decimal"
          defaultValue={value('value')}
          error={error('value')}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-xl font-bold">Terms</legend>
        <SelectField
          label="Applies to"
          name="scope"
          options={SCOPES}
          defaultValue={value('scope')}
          error={error('scope')}
        />
        <Field
          label="Category or product ids"
          name="scopeIds"
          hint="Separated by commas, such as mobility"
          defaultValue={value('scopeIds')}
          error={error('scopeIds')}
          maxLength={2000}
        />
        <Field
          label="Minimum subtotal in dollars (optional)"
          name="minSubtotal"
          inputMode="decimal"
          defaultValue={value('minSubtotal')}
          error={error('minSubtotal')}
        />
        <Field
          label="Minimum number of items (optional)"
          name="minItems"
          inputMode="numeric"
          defaultValue={value('minItems')}
          error={error('minItems')}
        />
        <label className="flex min-h-11 items-center gap-3 sm:col-span-2">
          <input
            type="checkbox"
            name="firstOrder"
            defaultChecked={value('firstOrder') === 'on'}
            className="size-5"
          />
          First order only
        </label>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-xl font-bold">Dates and limits</legend>
        <Field
          label="Starts on (optional)"
          name="startsOn"
          type="date"
          hint="From midnight, store time (Eastern)"
          defaultValue={value('startsOn')}
          error={error('startsOn')}
        />
        <Field
          label="Ends after (optional)"
          name="endsOn"
          type="date"
          hint="The last day it works, store time (Eastern)"
          defaultValue={value('endsOn')}
          error={error('endsOn')}
        />
        <Field
          label="Total uses (optional)"
          name="usageLimit"
          inputMode="numeric"
          hint="Paid orders; blank for no limit"
          defaultValue={value('usageLimit')}
          error={error('usageLimit')}
        />
        <Field
          label="Uses per customer (optional)"
          name="perCustomerLimit"
          inputMode="numeric"
          defaultValue={value('perCustomerLimit')}
          error={error('perCustomerLimit')}
        />
      </fieldset>
      <button type="submit" name="intent" value="save" className={primaryButton} disabled={pending}>
        {pending ? 'Saving...' : submitLabel}
      </button>
    </Form>
  );
}
