import { Field } from '~/components/ui/field';
import type { FieldsProps } from '~/commerce/components/card-fields';
import { digitsOnly } from '~/commerce/checkout/checkout';

export type PaymentValues = Record<string, string>;

/** A US bank account for an ACH debit: holder, routing number (ABA), account number and type. */
export function BankFields({ values, errors, disabled, onChange }: FieldsProps) {
  return (
    <>
      <Field
        label="Account holder name"
        name="accountHolderName"
        autoComplete="name"
        value={values.accountHolderName ?? ''}
        error={errors.accountHolderName}
        disabled={disabled}
        onChange={(event) => onChange('accountHolderName', event.target.value)}
      />
      <Field
        label="Routing number"
        hint="9 digits, bottom left of a check"
        name="routingNumber"
        inputMode="numeric"
        value={values.routingNumber ?? ''}
        error={errors.routingNumber}
        disabled={disabled}
        onChange={(event) => onChange('routingNumber', digitsOnly(event.target.value, 9))}
      />
      <Field
        label="Account number"
        hint="4-17 digits"
        name="accountNumber"
        inputMode="numeric"
        value={values.accountNumber ?? ''}
        error={errors.accountNumber}
        disabled={disabled}
        onChange={(event) => onChange('accountNumber', digitsOnly(event.target.value, 17))}
      />
      <fieldset aria-describedby={errors.accountType ? 'account-type-error' : undefined}>
        <legend className="font-bold">Account type</legend>
        <div className="mt-1 flex gap-6">
          {(['checking', 'savings'] as const).map((type) => (
            <label key={type} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="accountType"
                value={type}
                checked={values.accountType === type}
                disabled={disabled}
                onChange={() => onChange('accountType', type)}
                className="h-5 w-5"
              />
              {type === 'checking' ? 'Checking' : 'Savings'}
            </label>
          ))}
        </div>
        {errors.accountType ? (
          <p id="account-type-error" className="mt-1 text-sm font-bold text-danger">
            {errors.accountType}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}
