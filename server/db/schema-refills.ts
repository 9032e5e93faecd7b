/**
 * Refill plans (migration 0115, docs/decisions/0064). Money in cents, times in ms since 1970,
 * dates as the store's calendar day (YYYY-MM-DD).
 */
export type RefillPlanStatus = 'active' | 'paused' | 'cancelled';

export type RefillCycleStatus =
  /** Waiting for its date (a reminder goes 3 days before). */
  | 'scheduled'
  /** The shopper or staff skipped it; the plan moves on to the next. */
  | 'skipped'
  /** Its order exists and is being charged (or the charge's outcome is not yet recorded). */
  | 'placed'
  /** Paid: the order goes out as any other. */
  | 'charged'
  /** The card was declined: tried again after 1, 3 and 7 days. */
  | 'declined'
  /** A line is out of stock: the cycle waits, and says so. */
  | 'waiting_stock'
  /** A prescription line has no prescription valid for the cycle's date. */
  | 'waiting_prescription'
  /** Declined four times: the plan is paused and the shopper mailed. */
  | 'failed'
  /** The plan was cancelled before it. */
  | 'cancelled';

export interface RefillPlanTable {
  id: string;
  user_id: string;
  status: RefillPlanStatus;
  interval_weeks: number;
  /** The next cycle's date. */
  next_date: string;
  ship_name: string;
  ship_line1: string;
  ship_line2: string;
  ship_city: string;
  ship_state: string;
  ship_zip: string;
  ship_phone: string;
  shipping_option: string;
  /** The processor's reference to the saved card; the card itself is never stored here. */
  card_token: string | null;
  card_brand: string | null;
  card_last4: string | null;
  /** MM/YY, to warn before it expires. */
  card_expiry: string | null;
  /** Why it was paused or cancelled, and by whom. */
  reason: string | null;
  changed_by: 'shopper' | 'staff' | 'system' | null;
  created_at: number;
  updated_at: number;
}

export interface RefillPlanLineTable {
  id: string;
  plan_id: string;
  product_id: string;
  quantity: number;
  /** The unit price the shopper last agreed to (or was told of). */
  unit_price: number;
}

export interface RefillCycleTable {
  id: string;
  plan_id: string;
  due_date: string;
  status: RefillCycleStatus;
  order_id: string | null;
  attempts: number;
  next_attempt_at: number | null;
  transaction_id: string | null;
  message: string | null;
  reminded_at: number | null;
  price_notice_at: number | null;
  renewal_notice_at: number | null;
  created_at: number;
  updated_at: number;
}

/** The test gateway's ledger: the processor's side of its charges (see the migration). */
export interface TestGatewayChargeTable {
  idempotency_key: string;
  transaction_id: string | null;
  token: string;
  amount: number;
  /** 'approved', or the decline's message. */
  outcome: string;
  created_at: number;
}

export interface RefillTables {
  refill_plans: RefillPlanTable;
  refill_plan_lines: RefillPlanLineTable;
  refill_cycles: RefillCycleTable;
  test_gateway_charges: TestGatewayChargeTable;
}
