import { ChoiceGroup } from '~/components/ui/choice-group';
import { SHIPPING_OPTION_DAYS, type ShippingChoice, type ShippingOffer } from '../delivery/shipping-options';
import { SHIPPING_OPTION_NAMES, shippingPriceText } from '~/commerce/shipping';

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
  return (
    <div className="flex flex-col gap-2">
      <ChoiceGroup
        legend="Shipping"
        name="shipping"
        form={form}
        choices={offers.map((offer) => ({
          value: offer.choice,
          label: SHIPPING_OPTION_NAMES[offer.option],
          aside: shippingPriceText(offer.price),
          detail: SHIPPING_OPTION_DAYS[offer.option],
        }))}
        value={value}
        onChange={onChange}
      />
      {freightItems.length > 0 ? (
        <p className="text-sm">
          {`Ships by freight: ${freightItems.join(', ')}. Standard delivery only, ${SHIPPING_OPTION_DAYS.freight}.`}
        </p>
      ) : null}
    </div>
  );
}
