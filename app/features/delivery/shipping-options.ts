/**
 * How an order travels. Standard and Expedited for parcels; a product too big for a parcel
 * ships by freight, Standard only and slower, and says so on its page (and, with the shipping
 * step, in the cart).
 */
export const STANDARD_DAYS = '5-7 business days';
export const EXPEDITED_DAYS = '2-3 business days';
export const FREIGHT_DAYS = '7-10 business days';

/** The product page's line for a freight-only product. */
export const FREIGHT_TEXT = `Ships by freight: Standard delivery only, ${FREIGHT_DAYS}`;
