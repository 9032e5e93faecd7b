import { Form, useActionData, useNavigation } from 'react-router';
import { answeredField } from '~/lib/form-answer';
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
            hint="3 to 32 letters, digits, - or _; matched whatever the case typed"
            {...answeredField(mine, 'code', values.code)}
            required
            maxLength={32}
            autoComplete="off"
          />
        ) : null}
        <Field
          label="How it reads in the cart"
          {...answeredField(mine, 'label', values.label)}
          required
          maxLength={80}
        />
        <SelectField label="Kind" options={KINDS} {...answeredField(mine, 'kind', values.kind)} />
        <Field
          label="Percent or dollars off"
          hint="20 for 20 %, 25.00 for $25; blank for free shipping"
          inputMode="decimal"
          {...answeredField(mine, 'value', values.value)}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-xl font-bold">Terms</legend>
        <SelectField label="Applies to" options={SCOPES} {...answeredField(mine, 'scope', values.scope)} />
        <Field
          label="Category or product ids"
          hint="Separated by commas, such as mobility"
          {...answeredField(mine, 'scopeIds', values.scopeIds)}
          maxLength={2000}
        />
        <Field
          label="Minimum subtotal in dollars (optional)"
          inputMode="decimal"
          {...answeredField(mine, 'minSubtotal', values.minSubtotal)}
        />
        <Field
          label="Minimum number of items (optional)"
          inputMode="numeric"
          {...answeredField(mine, 'minItems', values.minItems)}
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
          type="date"
          hint="From midnight, store time (Eastern)"
          {...answeredField(mine, 'startsOn', values.startsOn)}
        />
        <Field
          label="Ends after (optional)"
          type="date"
          hint="The last day it works, store time (Eastern)"
          {...answeredField(mine, 'endsOn', values.endsOn)}
        />
        <Field
          label="Total uses (optional)"
          inputMode="numeric"
          hint="Paid orders; blank for no limit"
          {...answeredField(mine, 'usageLimit', values.usageLimit)}
        />
        <Field
          label="Uses per customer (optional)"
          inputMode="numeric"
          {...answeredField(mine, 'perCustomerLimit', values.perCustomerLimit)}
        />
      </fieldset>
      <button type="submit" name="intent" value="save" className={primaryButton} disabled={pending}>
        {pending ? 'Saving...' : submitLabel}
      </button>
    </Form>
  );
}
