import { STORE } from '~/lib/store-info';
import { SUPPORT_HOURS, SUPPORT_TIME_ZONE } from '../policy-facts';

/** Phone, email and opening hours: the ways to reach a person, shown on many pages. */
export function ContactOptions({ emailSubject }: { emailSubject?: string }) {
  const mailto = emailSubject
    ? `mailto:${STORE.supportEmail}?subject=${encodeURIComponent(emailSubject)}`
    : `mailto:${STORE.supportEmail}`;
  return (
    <ul>
      <li>
        Call us: <a href={STORE.phoneHref}>{STORE.phone}</a>
      </li>
      <li>
        Email us: <a href={mailto}>{STORE.supportEmail}</a>
      </li>
      <li>
        Hours ({SUPPORT_TIME_ZONE}):{' '}
        {SUPPORT_HOURS.map((entry) => `${entry.days}: ${entry.hours}`).join('; ')}
      </li>
    </ul>
  );
}
