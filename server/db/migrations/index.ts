import type { Migration } from 'kysely/migration';
import * as rateLimits from './0001-rate-limits';
import * as auth from './0002-auth';
import * as cartWishlist from './0003-cart-wishlist';
import * as orders from './0004-orders';
import * as contactNewsletter from './0005-contact-newsletter';
import * as orderStatusIndex from './0006-order-status-index';
import * as catalogue from './0007-catalogue';
import * as orderStockHold from './0008-order-stock-hold';
import * as productDeliveryFlags from './0009-product-delivery-flags';
import * as delivery from './0010-delivery';
import * as operations from './0011-operations';
import * as consoleOrderIndexes from './0012-console-order-indexes';
import * as jobsCampaignsInbox from './0013-jobs-campaigns-inbox';
import * as signInKeys from './0014-sign-in-keys';
import * as organisationSignIns from './0015-organisation-sign-ins';
import * as hsaFsa from './0016-hsa-fsa';
import * as prescriptions from './0017-prescriptions';
import * as reviews from './0018-reviews';
import * as productSearch from './0019-product-search';
import * as ordersToShipByStatus from './0020-orders-to-ship-by-status';
import * as searchRankedInTheIndex from './0021-search-ranked-in-the-index';
import * as orderTextSearch from './0022-order-text-search';
import * as retentionIndexes from './0023-retention-indexes';
import * as sessionFactors from './0024-session-factors';
import * as jobContents from './0099-job-contents';
import * as webhooks from './0100-webhooks';
import * as shopSettings from './0101-shop-settings';
import * as promotions from './0102-promotions';
import * as returns from './0103-returns';
import * as productImports from './0104-product-imports';
import * as webhookSecretRotation from './0105-webhook-secret-rotation';
import * as organisations from './0106-organisations';
import * as orderApprovals from './0107-order-approvals';
import * as taxCertificates from './0108-tax-certificates';
import * as invoices from './0109-invoices';
import * as quotes from './0110-quotes';
import * as memberSpendIndex from './0111-member-spend-index';
import * as hcpcsCodes from './0112-hcpcs-codes';
import * as sealedHealthData from './0113-sealed-health-data';
import * as claimData from './0114-claim-data';
import * as refillPlans from './0115-refill-plans';
import * as dailySales from './0116-daily-sales';
import * as orderSearchInBatches from './0117-order-search-in-batches';

/**
 * Every migration, in order. Listed by hand rather than read from disk so they are bundled
 * into the server build. Names never change once released; add new ones at the end.
 */
export const migrations: Record<string, Migration> = {
  '0001-rate-limits': rateLimits,
  '0002-auth': auth,
  '0003-cart-wishlist': cartWishlist,
  '0004-orders': orders,
  '0005-contact-newsletter': contactNewsletter,
  '0006-order-status-index': orderStatusIndex,
  '0007-catalogue': catalogue,
  '0008-order-stock-hold': orderStockHold,
  '0009-product-delivery-flags': productDeliveryFlags,
  '0010-delivery': delivery,
  '0011-operations': operations,
  '0012-console-order-indexes': consoleOrderIndexes,
  '0013-jobs-campaigns-inbox': jobsCampaignsInbox,
  '0014-sign-in-keys': signInKeys,
  '0015-organisation-sign-ins': organisationSignIns,
  '0016-hsa-fsa': hsaFsa,
  '0017-prescriptions': prescriptions,
  '0018-reviews': reviews,
  '0019-product-search': productSearch,
  '0020-orders-to-ship-by-status': ordersToShipByStatus,
  '0021-search-ranked-in-the-index': searchRankedInTheIndex,
  '0022-order-text-search': orderTextSearch,
  '0023-retention-indexes': retentionIndexes,
  '0024-session-factors': sessionFactors,
  '0099-job-contents': jobContents,
  '0100-webhooks': webhooks,
  '0101-shop-settings': shopSettings,
  '0102-promotions': promotions,
  '0103-returns': returns,
  '0104-product-imports': productImports,
  '0105-webhook-secret-rotation': webhookSecretRotation,
  '0106-organisations': organisations,
  '0107-order-approvals': orderApprovals,
  '0108-tax-certificates': taxCertificates,
  '0109-invoices': invoices,
  '0110-quotes': quotes,
  '0111-member-spend-index': memberSpendIndex,
  '0112-hcpcs-codes': hcpcsCodes,
  '0113-sealed-health-data': sealedHealthData,
  '0114-claim-data': claimData,
  '0115-refill-plans': refillPlans,
  '0116-daily-sales': dailySales,
  '0117-order-search-in-batches': orderSearchInBatches,
};
