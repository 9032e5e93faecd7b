/**
 * HCPCS Level II codes (issue 35): the code an insurer is billed under, one letter and four
 * digits (E0601), and the store's default modifier for it, two letters or digits (NU: bought
 * new; RR: rented). Products carry them; each order line keeps them as they were when bought.
 */

export const HCPCS_CODE = /^[A-Z]\d{4}$/;
export const HCPCS_MODIFIER = /^[A-Z0-9]{2}$/;

export const HCPCS_TEXT = {
  code: 'Enter an HCPCS code as one letter and four digits, for example E0601',
  modifier: 'Enter the modifier as two letters or digits, for example NU (new) or RR (rental)',
  modifierWithoutCode: 'Enter the HCPCS code this modifier goes with, or leave the modifier empty',
} as const;

/** "E0601-NU" as a receipt line and the product page write it; "E0601" without a modifier. */
export function hcpcsText(code: string, modifier?: string | null): string {
  return modifier ? `${code}-${modifier}` : code;
}

/** What an order line keeps of its product's code when bought (null when it has none). */
export function hcpcsOfProduct(product: { hcpcsCode?: string; hcpcsModifier?: string }): {
  hcpcsCode: string | null;
  hcpcsModifier: string | null;
} {
  if (!product.hcpcsCode) return { hcpcsCode: null, hcpcsModifier: null };
  return { hcpcsCode: product.hcpcsCode, hcpcsModifier: product.hcpcsModifier ?? null };
}
