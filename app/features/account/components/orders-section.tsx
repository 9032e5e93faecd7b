import { Link } from 'react-router';
import { AccountSection } from './account-section';

/** Filled in by the checkout work; until then every account has no orders. */
export function OrdersSection() {
  return (
    <AccountSection title="Order history">
      <p>You have not placed any orders yet.</p>
      <Link
        to="/category/featured"
        className="inline-flex min-h-11 items-center rounded-md bg-brand px-5 font-bold text-brand-fg hover:bg-brand-strong"
      >
        Start shopping
      </Link>
    </AccountSection>
  );
}
