import { Field } from '~/components/ui/field';
import type { FieldErrors } from '~/lib/use-form-errors';
import { digitsOnly } from '~/commerce/checkout/checkout';

export type PaymentValues = Record<string, string>;

interface FieldsProps {
  values: PaymentValues;
  errors: FieldErrors;
  disabled: boolean;
  onChange: (name: string, value: string) => void;
}

/** The card fields; number inputs keep digits only and cap their length as typed. */
export function CardFields({ values, errors, disabled, onChange }: FieldsProps) {
  const digits = (name: string, max: number) => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    disabled,
    inputMode: 'numeric' as const,
    // No maxLength attribute: it would cut a pasted "4242 4242 4242 4242 424" before the spaces
    // are stripped. The digits are capped here instead.
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      onChange(name, digitsOnly(event.target.value, max)),
  });
  return (
    <>
      <Field label="Card number" autoComplete="cc-number" {...digits('cardNumber', 19)} />
      <div className="grid grid-cols-3 gap-3">
        <Field
          label="Expiry month"
          hint="MM"
          placeholder="MM"
          autoComplete="cc-exp-month"
          {...digits('cardExpiryMonth', 2)}
        />
        <Field
          label="Expiry year"
          hint="YY"
          placeholder="YY"
          autoComplete="cc-exp-year"
          {...digits('cardExpiryYear', 2)}
        />
        <Field label="CVV" hint="3-4 digits" autoComplete="cc-csc" {...digits('cardCode', 4)} />
      </div>
      <Field
        label="Cardholder name"
        name="cardholderName"
        autoComplete="cc-name"
        value={values.cardholderName ?? ''}
        error={errors.cardholderName}
        disabled={disabled}
        onChange={(event) => onChange('cardholderName', event.target.value)}
      />
    </>
  );
}

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
