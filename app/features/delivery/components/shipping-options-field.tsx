import { useId } from 'react';
import {
  SHIPPING_OPTION_DAYS,
  SHIPPING_OPTION_NAMES,
  type ShippingChoice,
  type ShippingOffer,
  shippingPriceText,
} from '../shipping-options';

interface ShippingOptionsFieldProps {
  offers: readonly ShippingOffer[];
  value: ShippingChoice;
  onChange: (choice: ShippingChoice) => void;
  /** Products that ship by freight: the cart says why there is no faster option. */
  freightItems: readonly string[];
}

/** The cart's choice of shipping option, each with its price and delivery time. */
export function ShippingOptionsField({ offers, value, onChange, freightItems }: ShippingOptionsFieldProps) {
  const id = useId();
  const chosen = offers.some((offer) => offer.choice === value) ? value : offers[0]?.choice;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-bold">Shipping</legend>
      {offers.map((offer) => (
        <label
          key={offer.option}
          className="flex cursor-pointer flex-wrap items-start gap-x-3 rounded-md border border-border p-3 hover:bg-surface"
        >
          <input
            type="radio"
            name={`${id}-shipping`}
            value={offer.choice}
            checked={chosen === offer.choice}
            onChange={() => onChange(offer.choice)}
            aria-describedby={`${id}-${offer.option}-days`}
            className="mt-1 h-5 w-5 shrink-0"
          />
          <span className="flex-1 font-bold">{SHIPPING_OPTION_NAMES[offer.option]}</span>
          <span>{shippingPriceText(offer.price)}</span>
          <span id={`${id}-${offer.option}-days`} className="w-full pl-8 text-sm text-muted">
            {SHIPPING_OPTION_DAYS[offer.option]}
          </span>
        </label>
      ))}
      {freightItems.length > 0 ? (
        <p className="text-sm">
          {`Ships by freight: ${freightItems.join(', ')}. Standard delivery only, ${SHIPPING_OPTION_DAYS.freight}.`}
        </p>
      ) : null}
    </fieldset>
  );
}
