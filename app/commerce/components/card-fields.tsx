import { Field } from '~/components/ui/field';
import type { FieldErrors } from '~/lib/use-form-errors';
import { digitsOnly } from '../checkout/checkout';

export interface FieldsProps {
  values: Record<string, string>;
  errors: FieldErrors;
  disabled: boolean;
  onChange: (name: string, value: string) => void;
}

/** The card fields (the checkout's payment form, a refill plan's card); number inputs keep digits only and cap their length as typed. */
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
