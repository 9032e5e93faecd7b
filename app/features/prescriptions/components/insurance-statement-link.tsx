import { secondaryButton } from '~/components/ui/button-styles';

/** The insurance statement's download (docs/decisions/0063): the buyer's, or staff's audited one. */
export function InsuranceStatementLink({ href }: { href: string }) {
  return (
    <p className="mt-4">
      <a href={href} download className={secondaryButton}>
        Download insurance statement (PDF)
      </a>
      <span className="mt-1 block text-sm text-muted">
        Itemised with each item&apos;s HCPCS code, the prescriber and the diagnosis, to send with a claim to
        an insurer or Medicare.
      </span>
    </p>
  );
}
