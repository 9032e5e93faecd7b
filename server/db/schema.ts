import type { Generated } from 'kysely';
import type { Fulfilment, OrderStatus } from '../../app/commerce/order-states';
import type { InvoiceStatus } from '../../app/commerce/invoices/invoices';
import type { OrganisationStatus } from '../../app/commerce/organisations/organisations';
import type { CertificateStatus } from '../../app/commerce/organisations/tax-exemption';
import type { RefillTables } from './schema-refills';

/**
 * Row types of our own tables. Timestamps are epoch milliseconds (bigint in PostgreSQL, read
 * back as numbers by the pg type parser set up in database.ts), so both engines return the
 * same shapes. Better Auth's tables are typed by Better Auth itself.
 */
export interface RateLimitTable {
  key: string;
  count: number;
  reset_at: number;
}

export interface CartItemTable {
  id: string;
  user_id: string;
  product_id: string;
  name: string;
  price: number;
  quantity: number;
  image_url: string;
  created_at: number;
  updated_at: number;
}

export interface WishlistItemTable {
  id: string;
  user_id: string;
  product_id: string;
  created_at: number;
}

/** The payment's and the delivery's states: the order state table's (ADR 0041). */
export type { Fulfilment, OrderStatus };

export interface OrderTable {
  id: string;
  reference: string;
  user_id: string | null;
  email: string | null;
  status: OrderStatus;
  /** One of the checkout's payment methods ('card', 'bank_transfer'); checked on the way in. */
  payment_method: string;
  subtotal: number;
  shipping: number;
  discount: number;
  total: number;
  promo_code: string | null;
  card_brand: string | null;
  card_last4: string | null;
  bank_last4: string | null;
  transaction_id: string | null;
  /** The payment attempt talking to the processor right now, if any. */
  locked_by: string | null;
  locked_until: number | null;
  /** 1 while the order's units are taken from stock for it (paying or paid), else 0. */
  stock_held: number;
  created_at: number;
  updated_at: number;
  paid_at: number | null;
  /** Where it goes: copied from the checkout's address (null on orders from before delivery). */
  ship_name: string | null;
  ship_line1: string | null;
  ship_line2: string | null;
  ship_city: string | null;
  ship_state: string | null;
  ship_zip: string | null;
  ship_phone: string | null;
  /** One of the delivery feature's options ('standard', 'expedited'); checked on the way in. */
  shipping_option: string;
  /** Sales tax in cents, and the rate it was worked out at (thousandths of a percent). */
  tax: number;
  tax_rate: number;
  fulfilment: Fulfilment;
  carrier: string | null;
  tracking_number: string | null;
  packed_at: number | null;
  shipped_at: number | null;
  delivered_at: number | null;
  cancelled_at: number | null;
  /** Who cancelled it: 'staff', 'system' (the abandoned-order sweep) or 'customer' (a new checkout). */
  cancelled_by: string | null;
  /** Cents given back so far (refunds that succeeded or are in flight). */
  refunded_total: number;
  /** The organisation it was placed for (migration 0106), and the member's name at the time. */
  organisation_id: string | null;
  buyer_name: string | null;
  /** The buyer's purchase order number, if given. */
  po_number: string | null;
  /** An accepted quote's order (migration 0110): kept pending, its units held, until then. */
  held_until: number | null;
  /** The tax exemption certificate the order carried no sales tax under (migration 0108). */
  tax_certificate_number: string | null;
}

/**
 * The sales of one day of the store's calendar (migration 0116, docs/decisions/0066): the orders
 * whose `paid_at` falls on it and whose status is a sales one, kept as orders are paid, refunded
 * and shipped (app/commerce/orders/daily-sales.server.ts). Money in cents.
 */
export interface DailySalesTable {
  /** The store's day, as an epoch day number (Eastern, the offset of the moment paid). */
  day: number;
  orders: number;
  /** What those orders charged, and what of it went back (refunds done or in flight). */
  gross: number;
  refunded: number;
  /** Of those orders, the ones paid and not yet shipped (the dashboard's "Waiting to be shipped"). */
  to_ship: number;
}

/** A saved address of a signed-in shopper. */
export interface AddressTable {
  id: string;
  user_id: string;
  recipient_name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  /** 1 for the one default address of the user, else 0 (a number on both engines). */
  is_default: number;
  created_at: number;
  updated_at: number;
}

export type HsaFsaStatus = 'eligible' | 'with-letter' | 'not-eligible';

export interface OrderItemTable {
  id: string;
  order_id: string;
  position: number;
  product_id: string;
  name: string;
  image_url: string;
  unit_price: number;
  quantity: number;
  line_total: number;
  /** Units refunded so far (their stock went back). */
  refunded_quantity: Generated<number>;
  /** HSA/FSA eligibility when bought, for the receipt: 'eligible', 'with-letter' or 'not-eligible'. */
  hsa_fsa: HsaFsaStatus;
  /** Whether its product needed a prescription when bought. */
  prescription_required: Generated<Flag>;
  /** Its product's HCPCS code and default modifier when bought (migration 0112), for the receipt. */
  hcpcs_code: Generated<string | null>;
  hcpcs_modifier: Generated<string | null>;
}

export type PrescriptionStatus = 'submitted' | 'approved' | 'rejected';

export interface PrescriptionTable {
  id: string;
  order_id: string;
  kind: 'upload' | 'prescriber';
  file_name: string | null;
  content_type: string | null;
  size: number | null;
  bytes: Uint8Array | null;
  prescriber_name: string | null;
  prescriber_phone: string | null;
  /** The claim data (migration 0114, docs/decisions/0063), sealed like the columns above. */
  prescriber_npi: string | null;
  /** ICD-10-CM codes joined by commas, before sealing. */
  diagnosis_codes: string | null;
  /** YYYY-MM-DD, before sealing. */
  prescribed_on: string | null;
  /** Months (99 is lifetime) as text, before sealing. */
  length_of_need: string | null;
  status: PrescriptionStatus;
  /** Why staff rejected it: mailed to the buyer. */
  reason: string | null;
  /** The reviewing member of staff's email. */
  reviewed_by: string | null;
  reviewed_at: number | null;
  created_at: number;
  updated_at: number;
}

export type PaymentAttemptStatus = 'processing' | 'approved' | 'declined' | 'error' | 'refused';

export interface PaymentAttemptTable {
  id: string;
  order_id: string;
  idempotency_key: string;
  request_hash: string;
  status: PaymentAttemptStatus;
  message: string | null;
  transaction_id: string | null;
  created_at: number;
  finished_at: number | null;
  /** What the console shows of the attempt: never more than the brand and the last four. */
  method: string | null;
  card_brand: string | null;
  last4: string | null;
}

export type RefundStatus = 'processing' | 'succeeded' | 'failed';

export interface RefundTable {
  id: string;
  order_id: string;
  idempotency_key: string;
  amount: number;
  /** JSON [{ itemId, quantity }]; [] for the whole order. */
  lines: string;
  status: RefundStatus;
  /** 'refund' or 'void', as the gateway did it. */
  kind: string | null;
  transaction_id: string | null;
  message: string | null;
  created_by: string;
  created_at: number;
  finished_at: number | null;
}

export type ReturnStatus = 'requested' | 'approved' | 'refused' | 'received' | 'refunded';

/** A shopper's return of some of an order's units (migration 0103, docs/decisions/0053). */
export interface ReturnTable {
  id: string;
  /** R- and six characters: what the shopper writes on the parcel. */
  number: string;
  order_id: string;
  status: ReturnStatus;
  reason: string;
  note: string;
  /** The request form's key: the same form sent twice is one return. */
  request_key: string;
  refusal_reason: string | null;
  /** Cents refunded (lines and, for our error, shipping), once refunded. */
  refund_amount: number | null;
  /** The idempotency key of the refund under way or done (one refund per return). */
  refund_key: string | null;
  /** Cents of shipping in the refund (our error only). */
  refund_shipping: number | null;
  requested_at: number;
  approved_at: number | null;
  refused_at: number | null;
  received_at: number | null;
  refunded_at: number | null;
  updated_at: number;
}

export interface ReturnLineTable {
  id: string;
  return_id: string;
  order_item_id: string;
  quantity: number;
  /** What staff did with the units on receipt. */
  outcome: 'restock' | 'write_off' | null;
  refund_amount: number | null;
}

export interface OrderEventTable {
  id: string;
  order_id: string;
  at: number;
  /** Null for the store itself (the abandoned-order sweep). */
  actor_id: string | null;
  actor_email: string | null;
  kind: string;
  /** JSON of what changed (carrier, tracking number, amount, note text...). */
  detail: string;
}

export interface StockMovementTable {
  id: string;
  product_id: string;
  at: number;
  delta: number;
  /** Units on hand after the change. */
  on_hand: number;
  reason: string;
  actor_id: string | null;
  order_id: string | null;
}

/** Append-only: triggers refuse UPDATE and DELETE (migration 0011). */
export interface AuditLogTable {
  id: string;
  at: number;
  actor_id: string;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string;
  /** JSON of the values before and after; null where there was none (a creation, a deletion). */
  before: string | null;
  after: string | null;
}

export interface MediaTable {
  id: string;
  content_type: string;
  width: number;
  height: number;
  bytes: Uint8Array;
  created_at: number;
}

/** The job queue's state on SQLite (server/jobs/sqlite-queue.ts); pg-boss keeps its own on PostgreSQL. */
export interface JobTable {
  id: string;
  queue: string;
  /** JSON. */
  data: string;
  state: string;
  /** Tries started so far. */
  attempts: number;
  retry_limit: number;
  retry_delay: number;
  retry_delay_max: number;
  keep_seconds: number;
  singleton_key: string | null;
  start_after: number;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** While active: taken as dead after this (expiry or heartbeat). */
  expire_at: number | null;
  /** When finished: deleted after this. */
  keep_until: number | null;
  error: string | null;
}

/** A queued mail's or text's content, apart from its job row (migration 0099). */
export interface JobContentTable {
  id: string;
  /** JSON. */
  content: string;
  expires_at: number;
}

export type CampaignStatus = 'draft' | 'sending' | 'sent';

/** A newsletter campaign: written in Markdown, sent to every confirmed subscriber once. */
export interface CampaignTable {
  id: string;
  subject: string;
  body: string;
  status: CampaignStatus;
  created_by: string;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  finished_at: number | null;
  recipients: number;
}

export type CampaignRecipientState = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';

/**
 * One row per subscriber a campaign goes to, written when sending starts: the state is what
 * lets a restart resume without sending anyone twice.
 */
export interface CampaignRecipientTable {
  campaign_id: string;
  subscriber_id: string;
  email: string;
  state: CampaignRecipientState;
  attempts: number;
  sent_at: number | null;
  error: string | null;
}

export type ContactStatus = 'new' | 'answered' | 'closed';

export interface ContactReplyTable {
  id: string;
  message_id: string;
  staff_user_id: string;
  staff_name: string;
  body: string;
  created_at: number;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  message: string;
  ip: string | null;
  created_at: number;
  /** Empty while the staff mail has not gone out. */
  mailed_at: number | null;
  status: ContactStatus;
  updated_at: number;
}

export interface NewsletterSubscriberTable {
  id: string;
  email: string;
  subscribed_at: number;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
  /** SHA-256 (hex) of the tokens in the confirmation mail; the tokens themselves are never stored. */
  confirm_token_hash: string;
  unsubscribe_token_hash: string;
}

/** Booleans are 0/1 on SQLite and true/false on PostgreSQL; read them with Boolean(). */
type Flag = boolean | number;

export interface CategoryTable {
  id: string;
  name: string;
  description: string;
  banner_image: string;
  in_menu: Flag;
  position: number;
}

export interface SubcategoryTable {
  category_id: string;
  id: string;
  name: string;
  position: number;
}

export interface BrandTable {
  id: string;
  name: string;
}

export interface ProductTable {
  id: string;
  sku: string;
  name: string;
  description: string;
  brand_id: string;
  category_id: string;
  subcategory_id: string;
  price: number;
  original_price: number | null;
  rating: number;
  review_count: number;
  is_new: Flag;
  hsa_fsa_eligible: Flag;
  /** HSA/FSA only with a letter of medical necessity. */
  hsa_fsa_letter: Flag;
  prescription_required: Flag;
  returnable: Flag;
  freight_only: Flag;
  tax_exempt: Flag;
  /** JSON of the product's measures (catalog.types.ts ProductMeasures). */
  measures: string;
  position: number;
  updated_at: number;
  /** Shown on the storefront; staff unpublish a product to hide it without deleting it. */
  published: Generated<Flag>;
  /** Staff's pick for the featured category, beside the new, best-rated and on-sale ones. */
  is_featured: Generated<Flag>;
  /** How many published reviews it has, and their stars added up (migration 0018). */
  verified_review_count: Generated<number>;
  verified_rating_total: Generated<number>;
  /** The HCPCS Level II code insurers are billed under (E0601) and its default modifier (NU). */
  hcpcs_code: Generated<string | null>;
  hcpcs_modifier: Generated<string | null>;
  /** Refillable: the intervals in weeks staff suggest ("4,8,12"); null when not (migration 0115). */
  refill_weeks: Generated<string | null>;
}

export interface ProductImageTable {
  product_id: string;
  position: number;
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface ProductFeatureTable {
  product_id: string;
  position: number;
  text: string;
}

export interface ProductSpecificationTable {
  product_id: string;
  position: number;
  name: string;
  value: string;
}

export interface InventoryTable {
  product_id: string;
  /** Units on the shelf, not yet sold; never negative (a CHECK constraint). */
  on_hand: number;
  updated_at: number;
}

export interface OrganisationSignInTable {
  /** The provider id in Better Auth: "org-" and a slug of the name. */
  id: string;
  name: string;
  issuer: string;
  client_id: string;
  /** Encrypted with AUTH_SECRET. */
  client_secret: string;
  /** Comma-separated lowercase domains. */
  domains: string;
  created_at: number;
}

export type ReviewStatus = 'pending' | 'published' | 'rejected';

/** A buyer's review of a product they received (migration 0018); one per account and product. */
export interface ReviewTable {
  id: string;
  product_id: string;
  user_id: string;
  /** The delivered order that proves the purchase. */
  order_id: string;
  /** Whole stars, 1 to 5. */
  rating: number;
  title: string | null;
  body: string;
  status: Generated<ReviewStatus>;
  moderation_reason: string | null;
  moderated_by: string | null;
  moderated_at: number | null;
  /** When it was last published (the date the product page shows). */
  published_at: number | null;
  created_at: number;
  updated_at: number;
}

/** Where an integration wants events (docs/decisions/0049). */
/** The store as a supplier on insurance statements (migration 0114): one row, id 'store'. */
export interface SupplierSettingsTable {
  id: string;
  /** The supplier's 10-digit NPI; null until staff enter it. */
  npi: string | null;
  /** The employer identification number, NN-NNNNNNN; null until staff enter it. */
  tax_id: string | null;
  updated_at: number;
}

/** A shipping option's settings (migration 0101): cents, and who it is offered to. */
export interface ShippingSettingsTable {
  option: string;
  name: string;
  price_cents: number;
  days: string;
  /** The subtotal from which the option ships free; null: never free by amount. */
  free_from_cents: number | null;
  /** 'parcel', 'freight' or 'all'. */
  carts: string;
  updated_at: number;
}

/** A state's sales tax rate, thousandths of a percent (migration 0101). */
export interface TaxRateTable {
  state: string;
  rate: number;
  updated_at: number;
}

export interface WebhookEndpointTable {
  id: string;
  url: string;
  description: string;
  /** JSON array of event types. */
  events: string;
  /** The `whsec_` secret, sealed (app/commerce/webhooks/secrets.server.ts). */
  secret: string;
  /** After a rotation, the secret it replaced (sealed): deliveries carry both signatures until… */
  previous_secret: string | null;
  previous_secret_until: number | null;
  enabled: Flag;
  created_at: number;
  updated_at: number;
}

export interface WebhookEventTable {
  /** The `webhook-id` of every try and resend (msg_…). */
  id: string;
  type: string;
  /** JSON: the body sent. */
  payload: string;
  created_at: number;
}

export type WebhookDeliveryState = 'pending' | 'succeeded' | 'failed';

export interface WebhookDeliveryTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  state: WebhookDeliveryState;
  attempts: number;
  /** Set once, when the relay put it on the job queue; null while it waits in the outbox. */
  queued_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookAttemptTable {
  id: string;
  delivery_id: string;
  at: number;
  duration_ms: number;
  outcome: 'succeeded' | 'failed' | 'timeout' | 'refused';
  status_code: number | null;
  error: string | null;
  response_excerpt: string | null;
}

/** A CSV uploaded for import, kept from its dry run to its write (migration 0104). */
export interface ProductImportTable {
  id: string;
  staff_id: string;
  file_name: string;
  body: string;
  created_at: number;
}

export interface DatabaseSchema extends RefillTables {
  rate_limits: RateLimitTable;
  cart_items: CartItemTable;
  wishlist_items: WishlistItemTable;
  orders: OrderTable;
  daily_sales: DailySalesTable;
  order_items: OrderItemTable;
  payment_attempts: PaymentAttemptTable;
  contact_messages: ContactMessageTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  categories: CategoryTable;
  subcategories: SubcategoryTable;
  brands: BrandTable;
  products: ProductTable;
  product_images: ProductImageTable;
  product_features: ProductFeatureTable;
  product_specifications: ProductSpecificationTable;
  inventory: InventoryTable;
  addresses: AddressTable;
  refunds: RefundTable;
  returns: ReturnTable;
  return_lines: ReturnLineTable;
  order_events: OrderEventTable;
  stock_movements: StockMovementTable;
  audit_log: AuditLogTable;
  media: MediaTable;
  jobs: JobTable;
  job_contents: JobContentTable;
  campaigns: CampaignTable;
  campaign_recipients: CampaignRecipientTable;
  contact_replies: ContactReplyTable;
  organisation_sign_ins: OrganisationSignInTable;
  prescriptions: PrescriptionTable;
  reviews: ReviewTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_events: WebhookEventTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_attempts: WebhookAttemptTable;
  promotions: PromotionTable;
  promotion_uses: PromotionUseTable;
  product_imports: ProductImportTable;
  shipping_settings: ShippingSettingsTable;
  supplier_settings: SupplierSettingsTable;
  tax_rates: TaxRateTable;
  organisations: OrganisationTable;
  organisation_members: OrganisationMemberTable;
  organisation_invitations: OrganisationInvitationTable;
  quotes: QuoteTable;
  quote_lines: QuoteLineTable;
  quote_messages: QuoteMessageTable;
  order_approvals: OrderApprovalTable;
  invoice_numbers: { id: string; last_number: number };
  invoices: InvoiceTable;
  invoice_payments: InvoicePaymentTable;
  tax_certificates: TaxCertificateTable;
}

/** Quotes (migration 0110, docs/decisions/0059). Money in cents, times in ms since 1970. */
export type QuoteStatus = 'requested' | 'answered' | 'accepted' | 'expired' | 'declined' | 'withdrawn';

export interface QuoteTable {
  id: string;
  /** Q-XXXXXX, as the shopper and staff read it out. */
  reference: string;
  user_id: string;
  /** The organisation the shopper bought for when asking (buyingContext), if any. */
  organisation_id: string | null;
  status: QuoteStatus;
  ship_name: string;
  ship_line1: string;
  ship_line2: string;
  ship_city: string;
  ship_state: string;
  ship_zip: string;
  ship_phone: string;
  /** Set with staff's answer: the prices hold until then. */
  expires_at: number | null;
  /** The pending order an accepted quote became. */
  order_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface QuoteLineTable {
  id: string;
  quote_id: string;
  position: number;
  product_id: string;
  /** The product's name when asked (kept if the product is renamed or removed). */
  name: string;
  quantity: number;
  /** The catalogue's unit price when asked. */
  list_price: number;
  /** Staff's unit price; null until answered. */
  quoted_price: number | null;
}

export interface QuoteMessageTable {
  id: string;
  quote_id: string;
  author: 'shopper' | 'staff';
  /** The shopper's or the member of staff's user id. */
  author_id: string;
  body: string;
  at: number;
}

/** An order's invoice on an organisation's terms (docs/decisions/0058). Cents; ms since 1970. */
export interface InvoiceTable {
  id: string;
  /** INV-000123: sequential across the store. */
  number: string;
  organisation_id: string;
  order_id: string;
  amount: number;
  paid_amount: number;
  status: InvoiceStatus;
  terms_days: number;
  issued_at: number;
  due_at: number;
  paid_at: number | null;
  reminder_due_sent_at: number | null;
  reminder_overdue_sent_at: number | null;
}

export interface InvoicePaymentTable {
  id: string;
  invoice_id: string;
  amount: number;
  method: 'ach' | 'check' | 'wire' | 'card' | 'other';
  reference: string | null;
  recorded_by: string;
  recorded_at: number;
}

/** An organisation's tax exemption certificate for one state (docs/decisions/0057). */
export interface TaxCertificateTable {
  id: string;
  organisation_id: string;
  state: string;
  file_name: string;
  content_type: string;
  size: number;
  bytes: Uint8Array;
  status: CertificateStatus;
  number: string | null;
  /** yyyy-mm-dd, the last day it exempts. */
  expires_on: string | null;
  refusal_reason: string | null;
  uploaded_by: string;
  /** The deciding member of staff's email. */
  verified_by: string | null;
  decided_at: number | null;
  reminder_sent_at: number | null;
  created_at: number;
  updated_at: number;
}

/** An organisation account (docs/decisions/0055). Money in cents, times in ms since 1970. */
export interface OrganisationTable {
  id: string;
  name: string;
  kind: 'clinic' | 'home_care_agency' | 'hospital' | 'pharmacy' | 'other';
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
  phone: string | null;
  npi: string | null;
  tax_id: string | null;
  status: OrganisationStatus;
  refusal_reason: string | null;
  applied_by: string;
  decided_by: string | null;
  decided_at: number | null;
  po_required: Generated<Flag>;
  /** Pay by invoice: net 15, 30 or 60 days; null when the organisation pays by card. */
  terms_days: 15 | 30 | 60 | null;
  credit_limit: number | null;
  created_at: number;
  updated_at: number;
}

/** A person buying for an organisation; an account belongs to one organisation at most. */
export interface OrganisationMemberTable {
  organisation_id: string;
  user_id: string;
  role: 'admin' | 'approver' | 'buyer';
  /** Cents; null: no limit. */
  order_limit: number | null;
  monthly_limit: number | null;
  added_at: number;
}

export interface OrganisationInvitationTable {
  id: string;
  organisation_id: string;
  email: string;
  role: 'admin' | 'approver' | 'buyer';
  token_hash: string;
  invited_by: string;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
  revoked_at: number | null;
}

/** A member's order over their limits, waiting for an approver (docs/decisions/0056). */
export interface OrderApprovalTable {
  order_id: string;
  organisation_id: string;
  buyer_id: string;
  status: 'waiting' | 'approved' | 'returned' | 'withdrawn';
  /** Which limit, with the figures at checkout. */
  why: string;
  decided_by: string | null;
  comment: string | null;
  created_at: number;
  decided_at: number | null;
  updated_at: number;
}

/** A promo code and its terms (docs/decisions/0052). Money in cents, times in ms since 1970. */
export interface PromotionTable {
  id: string;
  /** Upper-case: the code is matched whatever the case typed. */
  code: string;
  kind: 'percent' | 'fixed' | 'free_shipping';
  /** Percent off (1-100), or cents off; 0 for free shipping. */
  value: number;
  min_subtotal: number;
  min_items: number;
  first_order: Flag;
  scope: 'all' | 'category' | 'product';
  /** JSON array of category or product ids ('[]' for all). */
  scope_ids: string;
  starts_at: number | null;
  ends_at: number | null;
  paused: Flag;
  usage_limit: number | null;
  per_customer_limit: number | null;
  /** Orders holding a use (paid, or being paid). */
  used: number;
  /** How the promotion reads in the cart. */
  label: string;
  created_at: number;
  updated_at: number;
}

/** An order holding a use of its promotion: one code per order. */
export interface PromotionUseTable {
  order_id: string;
  promotion_id: string;
  user_id: string | null;
  email: string;
  created_at: number;
}
