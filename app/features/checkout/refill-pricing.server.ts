import type { AppServices } from '#server/types';
import { isPurchasable } from '~/commerce/catalogue/catalog';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { promotionsOf } from '~/commerce/promo/promotion-store.server';
import type { RefillPricing } from '~/commerce/refills/refill-pricing';
import { shopSettingsOf } from '~/commerce/shop-settings-store.server';
import { CheckoutError } from './checkout-error';
import { quoteOrder } from './quote.server';

/**
 * The checkout's pricing for refill cycles (docs/decisions/0065): the quote an order gets
 * (strict: every line sold now and in the quantity asked), with the plan's lines instead of a
 * cart, no promotion, its shipping option and the tax to its address. Read as of each call: the
 * catalogue, the shop settings and the promotions are the running store's read models.
 */
export function refillPricing(services: AppServices): RefillPricing {
  return {
    async price({ user, items, shipping, state }) {
      const deps = {
        db: services.database.db,
        catalogue: catalogueOf(services),
        promotions: promotionsOf(services),
        settings: shopSettingsOf(services),
      };
      // What is short, by name: the shopper is told what the delivery waits for.
      const short = items.flatMap(({ productId, quantity }) => {
        const product = deps.catalogue.getProduct(productId);
        return product && (!isPurchasable(product.stock) || quantity > product.onHand) ? [product.name] : [];
      });
      if (short.length > 0) {
        const verb = short.length === 1 ? 'is' : 'are';
        return { ok: false, outOfStock: true, message: `${short.join(', ')} ${verb} out of stock.` };
      }
      try {
        const { lines, quote } = await quoteOrder(
          deps,
          user,
          { items, shipping, state, itemsGiven: true, promoCode: null },
          { strict: true },
        );
        if (lines.length === 0 || !quote.shippingOption) {
          return { ok: false, outOfStock: false, message: 'Nothing in this plan is sold any more.' };
        }
        return {
          ok: true,
          lines: lines.map(({ taxExempt: _t, freightOnly: _f, category: _c, ...line }) => line),
          itemCount: quote.itemCount,
          subtotal: quote.subtotal,
          discount: quote.discount,
          shipping: quote.shipping,
          taxRate: quote.taxRate,
          tax: quote.tax,
          total: quote.total,
          hsaFsaSubtotal: quote.hsaFsaSubtotal,
          shippingOption: quote.shippingOption,
          taxCertificate: quote.taxCertificate,
        };
      } catch (error) {
        if (!(error instanceof CheckoutError)) throw error;
        return { ok: false, outOfStock: error.code === 'out_of_stock', message: error.message };
      }
    },
    product: (productId) => catalogueOf(services).getProduct(productId),
  };
}
