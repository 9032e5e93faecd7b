import type { Promotion } from '~/commerce/promo/promo';

/** How the console lists a promotion at a moment. */
export function promotionStatus(promo: Promotion, now: number): string {
  if (promo.endsAt !== null && now >= promo.endsAt) return 'Expired';
  if (promo.paused) return 'Paused';
  if (promo.usageLimit !== null && promo.used >= promo.usageLimit) return 'Used up';
  if (promo.startsAt !== null && now < promo.startsAt) return 'Scheduled';
  return 'Active';
}
