import { BadgePercent } from 'lucide';
import { useState } from 'react';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { Icon } from '~/components/ui/icon';
import { postForm } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { type PromoSummary, WELCOME_OFFER_CODE } from '../promo/promo';
import { storedPromoCode, storePromo } from '../promo/promo-storage';
import { useWelcomeOffer } from '../promo/welcome-offer';
import { promoFields } from './promo-code-form';

const offer = { code: WELCOME_OFFER_CODE };

/**
 * After an add to cart: offers WELCOME10, to apply or dismiss, unless a code was stored by the
 * time of that add (decided here, so the product page's first load carries no promo code).
 * Applying asks the server, which refuses it when staff paused or ended the code.
 */
export default function PromoOffer({ onClose }: { onClose: () => void }) {
  const [codeStored] = useState(() => storedPromoCode() !== null);
  // Staff may pause or end the code: it is not offered then.
  const welcomeOffer = useWelcomeOffer();
  if (codeStored || !welcomeOffer) return null;
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
            void postForm<PromoSummary>('/cart', promoFields(offer.code, [])).then((result) => {
              if (!result.ok || !result.data) {
                notify.error('Could not apply the promo code', { description: result.message });
              } else if (storePromo(result.data)) {
                const { code, label } = result.data;
                notify.success('Promo code applied', { description: `${code}: ${label}.` });
              } else {
                notify.error('Could not save the promo code', {
                  description: 'Please enter it in your cart.',
                });
              }
            });
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
