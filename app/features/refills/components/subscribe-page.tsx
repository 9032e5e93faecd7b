import { useState } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { primaryButton } from '~/components/ui/button-styles';
import { ChoiceGroup } from '~/components/ui/choice-group';
import { Field, SelectField } from '~/components/ui/field';
import { AddressFields } from '~/commerce/components/address-fields';
import { ShippingOptionsField } from '~/commerce/components/shipping-options-field';
import { addressSummary, type SavedAddress } from '~/commerce/delivery/address-book';
import type { ShippingChoice, ShippingOffer } from '~/commerce/delivery/shipping-options';
import { formatPrice } from '~/commerce/money';
import { formatDay } from '~/commerce/refills/refill-dates';
import { REFILL_TEXT } from '~/commerce/refills/refill-plans';
import { answeredField, type FormAnswer } from '~/lib/form-answer';
import { AnswerMessage, RefillCardFields } from './refill-card-fields';

export interface SubscribePageProps {
  product: {
    id: string;
    name: string;
    price: number;
    image: string;
    imageAlt: string;
    link: string;
    prescriptionRequired: boolean;
  };
  intervals: number[];
  weeks: number;
  quantity: number;
  firstDate: string;
  dateRange: { first: string; last: string };
  addresses: SavedAddress[];
  offers: ShippingOffer[];
  freightItems: string[];
  available: boolean;
}

/** The value of "A new address" among the saved ones. */
const NEW = '';

/** /account/refills/new: one product delivered every N weeks, to an address, charged to a saved card. */
export function SubscribePage(props: SubscribePageProps) {
  const { product, intervals, addresses, offers, available } = props;
  const answer = useActionData<FormAnswer>();
  const refused = answer && !answer.ok ? answer : undefined;
  const errors = answer?.fields ?? {};
  const sending = useNavigation().state === 'submitting';
  const [shipping, setShipping] = useState<ShippingChoice>(
    (refused?.values?.shipping as ShippingChoice | undefined) ?? offers[0]?.choice ?? 'standard',
  );
  const [addressId, setAddressId] = useState(refused?.values?.addressId ?? addresses[0]?.id ?? NEW);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <Breadcrumbs
        items={[
          { label: 'Home', href: '/' },
          { label: 'My Account', href: '/account' },
          { label: 'Refill plans', href: '/account/refills' },
          { label: 'New refill plan' },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">Set up a refill plan</h1>
      <div className="mt-6 flex gap-4 rounded-lg border border-border p-4">
        <img src={product.image} alt={product.imageAlt} width={96} height={96} className="size-24 shrink-0" />
        <div>
          <p className="text-lg font-bold">
            <a href={product.link} className="underline underline-offset-2">
              {product.name}
            </a>
          </p>
          <p>{formatPrice(product.price)} each, at today&apos;s price</p>
          {product.prescriptionRequired ? (
            <p className="mt-1 text-sm">
              This product needs a prescription. Each delivery needs one that is still valid on its date: we
              email you well before one runs out.
            </p>
          ) : null}
        </div>
      </div>
      <p className="mt-4">
        We email you 3 days before each delivery: you can skip it, move it or cancel the plan from that email
        or from your account. If the price changes, we tell you before the delivery it affects.
      </p>
      {!available ? (
        <p role="alert" className="mt-6 rounded-md border-2 border-danger p-3 font-bold text-danger">
          {REFILL_TEXT.unavailable}
        </p>
      ) : (
        <Form method="post" noValidate className="mt-6 space-y-8" aria-label="New refill plan">
          <AnswerMessage answer={answer} />
          <input type="hidden" name="intent" value="subscribe" />
          <input type="hidden" name="productId" value={product.id} />
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-xl font-bold">Deliveries</legend>
            <SelectField
              label="How often"
              options={intervals.map((w) => [String(w), `Deliver every ${w} weeks`] as const)}
              {...answeredField(answer, 'weeks', String(props.weeks))}
            />
            <Field
              label="Quantity per delivery"
              type="number"
              min={1}
              max={99}
              inputMode="numeric"
              {...answeredField(answer, 'quantity', String(props.quantity))}
            />
            <div className="sm:col-span-2">
              <Field
                label="First delivery"
                type="date"
                min={props.dateRange.first}
                max={props.dateRange.last}
                hint={`From ${formatDay(props.dateRange.first)}, so the reminder can reach you first.`}
                {...answeredField(answer, 'firstDate', props.firstDate)}
              />
            </div>
          </fieldset>
          <ShippingOptionsField
            offers={offers}
            value={shipping}
            onChange={setShipping}
            freightItems={props.freightItems}
          />
          {errors.shipping ? <p className="font-bold text-danger">{errors.shipping}</p> : null}
          <fieldset className="address-choice space-y-4">
            <legend className="text-xl font-bold">Shipping address</legend>
            {addresses.length > 0 ? (
              <ChoiceGroup
                legend="Ship to"
                name="addressId"
                choices={[
                  ...addresses.map((a) => ({
                    value: a.id,
                    label: addressSummary(a),
                    detail: a.isDefault ? 'Default address' : undefined,
                  })),
                  { value: NEW, label: 'A new address' },
                ]}
                value={addressId}
                onChange={setAddressId}
              />
            ) : (
              <input type="hidden" name="addressId" value={NEW} />
            )}
            {errors.addressId ? <p className="font-bold text-danger">{errors.addressId}</p> : null}
            {/* Hidden by app.css while a saved address is chosen, before scripts run too. */}
            <div className="new-address-fields">
              <AddressFields values={refused?.values} errors={errors} section="refill" />
            </div>
          </fieldset>
          <RefillCardFields errors={errors} disabled={sending} />
          <button type="submit" className={primaryButton} disabled={sending}>
            {sending ? 'Saving your card…' : 'Start refill plan'}
          </button>
        </Form>
      )}
    </div>
  );
}
