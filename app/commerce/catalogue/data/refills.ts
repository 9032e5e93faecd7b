/**
 * The seed's refillable consumables (issue 35, point 5), by product id, with the delivery
 * intervals in weeks the product page offers: CPAP mask cushions about monthly and masks every
 * three months (as most insurers replace them), nebulizer masks monthly, TENS electrode pads as
 * they wear, and compression garments every three to six months.
 */
export const SEED_REFILL_WEEKS: Readonly<Record<string, readonly number[]>> = {
  'fisher-paykel-evora-full-face-mask-cushion': [4, 8, 12],
  'fisher-paykel-evora-full-face-cpap-mask': [12, 24],
  'pediatric-nebulizer-mask-fish-design': [4, 8, 12],
  'long-life-tens-replacement-pads': [4, 8, 12],
  'knee-high-compression-stockings-15-20-mmhg': [12, 16, 24],
  'thigh-high-compression-stockings-30-40-mmhg': [12, 16, 24],
  'anti-embolism-stockings-knee-length': [4, 8, 12],
  'recovery-compression-socks-full-length': [12, 16, 24],
  'zipper-compression-socks-20-30-mmhg': [12, 16, 24],
};
