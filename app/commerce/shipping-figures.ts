import { useRouteLoaderData } from 'react-router';
import { freeShippingThreshold, type ShippingSettings } from './shipping';

/** What every page may quote of the shipping settings: the root loader sends it, server-rendered. */
export interface ShippingFigures {
  /** Standard's free-shipping threshold, cents; null: no order ships free by amount. */
  freeFrom: number | null;
  /** Standard's price, cents. */
  standardPrice: number;
  /** How long freight takes ('7-10 business days'): a freight-only product's page says it. */
  freightDays: string;
}

export function shippingFigures(settings: ShippingSettings): ShippingFigures {
  return {
    freeFrom: freeShippingThreshold(settings),
    standardPrice: settings.standard.price,
    freightDays: settings.freight.days,
  };
}

/**
 * The figures as the root loader gave them. Read from the root's data rather than passed down,
 * so a product or policy page does not carry a second copy in its own loader data.
 */
export function useShippingFigures(): ShippingFigures | null {
  const root = useRouteLoaderData('root') as { shipping?: ShippingFigures } | undefined;
  return root?.shipping ?? null;
}
