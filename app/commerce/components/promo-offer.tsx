import { BadgePercent } from 'lucide';
import { useState } from 'react';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { Icon } from '~/components/ui/icon';
import { notify } from '~/lib/toast';
import { PROMOTIONS } from '../promo/promo';
import { storedPromo, storePromo } from '../promo/promo-storage';

const OFFER = PROMOTIONS.find((promo) => promo.code === 'WELCOME10');

/**
 * After an add to cart: offers WELCOME10, to apply or dismiss, unless a code was stored by the
 * time of that add (decided here, so the product page's first load carries no promo code).
 */
export default function PromoOffer({ onClose }: { onClose: () => void }) {
  const [codeStored] = useState(() => storedPromo() !== undefined);
  if (!OFFER || codeStored) return null;
  const offer = OFFER;
  return (
    <section
      aria-labelledby="promo-offer-title"
      className="flex flex-col gap-3 rounded-lg border-2 border-brand bg-surface p-4"
    >
      <h2 id="promo-offer-title" className="flex items-center gap-2 text-lg font-bold">
        <Icon icon={BadgePercent} />
        Save 10% on this order
      </h2>
      <p>
        Use code <strong>{offer.code}</strong> for 10% off your order.
      </p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={primaryButton}
          onClick={() => {
            if (storePromo(offer)) {
              notify.success('Promo code applied', { description: `${offer.code}: ${offer.label}.` });
            } else {
              notify.error('Could not save the promo code', { description: 'Please enter it in your cart.' });
            }
            onClose();
          }}
        >
          Apply<span className="sr-only"> code {offer.code}</span>
        </button>
        <button type="button" className={secondaryButton} onClick={onClose}>
          Dismiss<span className="sr-only"> offer</span>
        </button>
      </div>
    </section>
  );
}
