import { Lock } from 'lucide';
import { useRef, useState } from 'react';
import { primaryButton } from '~/components/ui/button-styles';
import { Field } from '~/components/ui/field';
import { Icon } from '~/components/ui/icon';
import { firstIssues } from '~/lib/form-answer';
import { type FieldErrors, useFormErrors } from '~/lib/use-form-errors';
import { PrescriptionFields } from '~/commerce/components/prescription-fields';
import {
  EMPTY_CLAIM,
  type PrescriptionChoice,
  prescriptionFileError,
} from '~/commerce/prescriptions/prescription-client';
import { prescriberClaimSchema, uploadClaimSchema } from '~/commerce/prescriptions/prescription.schema';
import { type PaymentInput, paymentSchema } from '../checkout.schema';
import type { CheckoutSession } from '~/commerce/checkout/checkout';
import { addressSummary } from '~/commerce/delivery/address-book';
import { shippingOptionText } from '~/commerce/delivery/shipping-options';
import { OrderTotals } from '~/commerce/components/order-totals';
import { CardFields } from '~/commerce/components/card-fields';
import { BankFields, type PaymentValues } from './payment-fields';
import { formatPrice } from '~/commerce/money';

interface PaymentFormProps {
  session: CheckoutSession;
  processing: boolean;
  error: string | null;
  /** Resolves with field errors from the server, if it refused some. */
  onPay: (
    payment: PaymentInput,
    idempotencyKey: string,
    prescription: PrescriptionChoice | undefined,
  ) => Promise<Record<string, string> | undefined>;
}

/** What the browser can check of the prescription before sending it (the server checks it all). */
function prescriptionErrors(choice: PrescriptionChoice | undefined): FieldErrors {
  if (!choice) return {};
  if (choice.kind === 'upload') {
    const parsed = uploadClaimSchema.safeParse({ ...choice.claim, prescriberName: choice.prescriberName });
    return {
      file: prescriptionFileError(choice.file),
      ...(parsed.success ? {} : firstIssues(parsed.error.issues)),
    };
  }
  const parsed = prescriberClaimSchema.safeParse({
    ...choice.claim,
    prescriberName: choice.prescriberName,
    prescriberPhone: choice.prescriberPhone,
  });
  return parsed.success ? {} : firstIssues(parsed.error.issues);
}

function newKey(): string {
  return crypto.randomUUID();
}

/** The amounts the server priced, the fields of the chosen method, and Pay. */
export function PaymentForm({ session, processing, error, onPay }: PaymentFormProps) {
  const card = session.paymentMethod === 'card';
  const invoice = session.paymentMethod === 'invoice';
  const [values, setValues] = useState<PaymentValues>({
    email: session.email ?? '',
    accountType: 'checking',
  });
  const [prescription, setPrescription] = useState<PrescriptionChoice | undefined>(
    session.prescriptionRequired
      ? { kind: 'upload', file: null, prescriberName: '', claim: EMPTY_CLAIM }
      : undefined,
  );
  const { formRef, errors, check, showErrors } = useFormErrors();
  // One key per press of Pay: a network retry of the same press can never pay twice.
  const key = useRef<{ key: string; body: string } | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (processing) return;
    const payment = check(
      paymentSchema,
      { ...pick(values, session.paymentMethod), paymentMethod: session.paymentMethod },
      prescriptionErrors(prescription),
    );
    if (!payment) return;
    const body = JSON.stringify(payment);
    if (key.current?.body !== body) key.current = { key: newKey(), body };
    const fieldErrors = await onPay(payment, key.current.key, prescription);
    // A refused payment (declined) is final for this key: the next press is a new attempt.
    key.current = null;
    if (fieldErrors) showErrors(fieldErrors);
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {invoice ? null : (
        <div className="flex items-start gap-3 rounded-md border border-success bg-surface p-3">
          <Icon icon={Lock} size={20} className="mt-0.5 shrink-0 text-success" />
          <div>
            <p className="font-bold">Secure Payment</p>
            <p className="text-sm">
              Your details travel encrypted and go only to our payment processor. We never store your{' '}
              {card ? 'card number or security code' : 'account number'}.
            </p>
          </div>
        </div>
      )}
      <OrderTotals
        order={{ ...session, total: session.amount }}
        totalLabel="Total"
        className="text-sm"
        totalClassName="font-bold"
      />
      <p className="text-sm break-words">
        <span className="font-bold">Ships to:</span> {addressSummary(session.address)} ·{' '}
        {shippingOptionText(session.shippingOption)}
      </p>
      {prescription ? (
        <PrescriptionFields
          choice={prescription}
          errors={errors}
          disabled={processing}
          onChange={setPrescription}
        />
      ) : null}
      {invoice ? (
        <p className="text-sm">
          No card is needed: the order is placed on your organisation&apos;s terms, and the invoice is emailed
          to you and your organisation&apos;s admins.
        </p>
      ) : card ? (
        <CardFields
          values={values}
          errors={errors}
          disabled={processing}
          onChange={(n, v) => setValues((s) => ({ ...s, [n]: v }))}
        />
      ) : (
        <BankFields
          values={values}
          errors={errors}
          disabled={processing}
          onChange={(n, v) => setValues((s) => ({ ...s, [n]: v }))}
        />
      )}
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        hint={invoice ? 'We send your invoice here.' : 'We send your order confirmation here.'}
        value={values.email ?? ''}
        error={errors.email}
        disabled={processing}
        onChange={(event) => setValues((s) => ({ ...s, email: event.target.value }))}
      />
      {error ? (
        <div role="alert" className="rounded-md border-2 border-danger p-3">
          <p className="font-bold text-danger">Payment Error</p>
          <p>{error}</p>
        </div>
      ) : null}
      <button type="submit" className={`${primaryButton} text-lg`} disabled={processing}>
        {processing
          ? 'Processing...'
          : invoice
            ? `Place order on invoice: ${formatPrice(session.amount)}`
            : `Pay ${formatPrice(session.amount)}`}
      </button>
    </form>
  );
}

const CARD_FIELDS = [
  'cardNumber',
  'cardExpiryMonth',
  'cardExpiryYear',
  'cardCode',
  'cardholderName',
  'email',
];
const BANK_FIELDS = ['accountHolderName', 'routingNumber', 'accountNumber', 'accountType', 'email'];

function pick(values: PaymentValues, method: CheckoutSession['paymentMethod']): PaymentValues {
  const names = method === 'card' ? CARD_FIELDS : method === 'invoice' ? ['email'] : BANK_FIELDS;
  return Object.fromEntries(
    names.map((name) => [name, name === 'email' ? (values.email ?? '').trim() : (values[name] ?? '')]),
  );
}
