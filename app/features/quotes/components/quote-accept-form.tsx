import { useState } from 'react';
import { Form, useActionData } from 'react-router';
import { dangerButton, primaryButton } from '~/components/ui/button-styles';
import { ChoiceGroup } from '~/components/ui/choice-group';
import { Field } from '~/components/ui/field';
import { PO_NUMBER_MAX } from '~/commerce/invoices/invoices';
import { formatPrice } from '~/commerce/money';
import type { FormAnswer } from '~/lib/form-answer';
import type { AcceptOptions } from '../quote-page.server';

/**
 * Accept or decline an answered quote. A member of an organisation gives its purchase order and,
 * when the organisation's invoice terms allow now, chooses to place the order on them.
 */
export function QuoteAcceptForm({ total, accept }: { total: number | null; accept: AcceptOptions | null }) {
  const answer = useActionData<FormAnswer>();
  const refused = answer?.intent === 'accept' && !answer.ok ? answer : undefined;
  const [method, setMethod] = useState<'card' | 'invoice'>(
    refused?.values?.paymentMethod === 'invoice' ? 'invoice' : 'card',
  );
  const terms = accept?.termsLabel && !accept.termsHeld ? accept.termsLabel : null;
  return (
    <div className="space-y-4">
      <Form method="post" className="space-y-4">
        {accept ? (
          <Field
            label={accept.poRequired ? 'PO number (required)' : 'PO number (optional)'}
            name="poNumber"
            maxLength={PO_NUMBER_MAX}
            autoComplete="off"
            required={accept.poRequired}
            hint={`${accept.organisation}'s purchase order: printed on the invoice and receipt.`}
            defaultValue={refused?.values?.poNumber ?? ''}
            error={refused?.fields?.poNumber}
          />
        ) : null}
        {terms ? (
          <ChoiceGroup
            legend="How to pay"
            name="paymentMethod"
            value={method}
            onChange={setMethod}
            choices={[
              { value: 'card', label: 'Card', detail: 'Pay on this page once the order is placed.' },
              {
                value: 'invoice',
                label: terms,
                detail: 'No card: the order is placed at once and the invoice is emailed to you.',
              },
            ]}
          />
        ) : accept?.termsHeld ? (
          <p>{accept.termsHeld}</p>
        ) : null}
        <button type="submit" name="intent" value="accept" className={primaryButton}>
          Accept and place the order{total !== null ? ` (${formatPrice(total)})` : ''}
        </button>
      </Form>
      <Form method="post">
        <button type="submit" name="intent" value="decline" className={dangerButton}>
          Decline
        </button>
      </Form>
    </div>
  );
}
