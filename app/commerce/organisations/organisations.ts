/**
 * Organisation accounts (docs/decisions/0055): the words every feature that buys for an
 * organisation shares (the organisation's pages, checkout, approvals, invoices, quotes).
 */

export const ORGANISATION_KINDS = {
  clinic: 'Clinic',
  home_care_agency: 'Home-care agency',
  hospital: 'Hospital',
  pharmacy: 'Pharmacy',
  other: 'Other',
} as const;
export type OrganisationKind = keyof typeof ORGANISATION_KINDS;

export const ORGANISATION_STATUSES = {
  pending: 'Waiting for review',
  approved: 'Approved',
  refused: 'Refused',
} as const;
export type OrganisationStatus = keyof typeof ORGANISATION_STATUSES;

/**
 * A member's role: an admin manages members, limits and payment settings; an approver approves
 * carts over a buyer's limits; a buyer places orders. Admins and approvers buy too.
 */
export const MEMBER_ROLES = {
  admin: 'Admin',
  approver: 'Approver',
  buyer: 'Buyer',
} as const;
export type MemberRole = keyof typeof MEMBER_ROLES;

export const TERMS_DAYS = [15, 30, 60] as const;
export type TermsDays = (typeof TERMS_DAYS)[number];

/** What buying for an organisation needs to know of the member placing an order. */
export interface BuyingContext {
  organisation: {
    id: string;
    name: string;
    /** A purchase order number is required at checkout. */
    poRequired: boolean;
    /** Pay by invoice, when granted: net days and the credit limit in cents. */
    termsDays: TermsDays | null;
    creditLimit: number | null;
  };
  member: {
    userId: string;
    role: MemberRole;
    /** Cents; null: no limit. */
    orderLimit: number | null;
    monthlyLimit: number | null;
  };
  /**
   * Read with the context when the order's state was known (checkout): the verified, unexpired
   * certificate exempting orders to that state, or null. Absent: not asked.
   */
  exemption?: { state: string; number: string | null };
}

/** Managing members, limits and payment settings. */
export const canManage = (role: MemberRole) => role === 'admin';
/** Approving a cart over a buyer's limits (an admin may too). */
export const canApprove = (role: MemberRole) => role === 'admin' || role === 'approver';
/** Seeing every order of the organisation (a buyer sees their own). */
export const seesAllOrders = (role: MemberRole) => role === 'admin' || role === 'approver';

/**
 * What the cart offers a member of an organisation: the purchase order field (required or not)
 * and paying by invoice on its terms, unless they are held (then `held` says why).
 */
export interface CartBuying {
  organisation: string;
  poRequired: boolean;
  termsDays: number | null;
  held: string | null;
}
