import { ChoiceGroup } from '~/components/ui/choice-group';
import type { ShippingChoice, ShippingOffer } from '../delivery/shipping-options';
import { shippingPriceText } from '~/commerce/shipping';

interface ShippingOptionsFieldProps {
  offers: readonly ShippingOffer[];
  /** One of the offers' choices: the cart falls back to Standard when a choice is not offered. */
  value: ShippingChoice;
  onChange: (choice: ShippingChoice) => void;
  /** Products that ship by freight: the cart says why there is no faster option. */
  freightItems: readonly string[];
  /** The address form that carries the choice when posted without scripts. */
  form?: string;
}

/** The cart's choice of shipping option, each with its price and delivery time. */
export function ShippingOptionsField({
  offers,
  value,
  onChange,
  freightItems,
  form,
}: ShippingOptionsFieldProps) {
  const freightDays =
    freightItems.length > 0 ? offers.find((offer) => offer.option === 'freight')?.days : undefined;
  const freightOnly = offers.length === 1;
  return (
    <div className="flex flex-col gap-2">
      <ChoiceGroup
        legend="Shipping"
        name="shipping"
        form={form}
        choices={offers.map((offer) => ({
          value: offer.choice,
          label: offer.name,
          aside: shippingPriceText(offer.price),
          detail: offer.days,
        }))}
        value={value}
        onChange={onChange}
      />
      {freightDays ? (
        <p className="text-sm">
          {`Ships by freight: ${freightItems.join(', ')}. ${freightOnly ? 'Standard delivery only, ' : ''}${freightDays}.`}
        </p>
      ) : null}
    </div>
  );
}
