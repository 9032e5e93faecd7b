import {
  CLAIM_TEXT,
  hasClaimData,
  lengthOfNeedText,
  prescribedOnText,
} from '~/commerce/prescriptions/claim-data';
import type { PrescriptionView } from '~/commerce/prescriptions/prescriptions';

/**
 * The claim data the buyer gave with the prescription (docs/decisions/0063), as a list: on the
 * buyer's order page and on the console's (where showing it is an audited read). Nothing when
 * none was given.
 */
export function ClaimSummary({ prescription }: { prescription: PrescriptionView }) {
  const { claim } = prescription;
  // With a file, the prescriber's name is part of the claim data (the other choice shows it already).
  const name = prescription.kind === 'upload' ? prescription.prescriberName : null;
  if (!hasClaimData(claim) && !name) return null;
  const rows: [string, string][] = [];
  if (name) rows.push([CLAIM_TEXT.prescriberName, name]);
  if (claim.prescriberNpi) rows.push([CLAIM_TEXT.npi, claim.prescriberNpi]);
  if (claim.diagnosisCodes.length > 0)
    rows.push(['Diagnosis codes (ICD-10)', claim.diagnosisCodes.join(', ')]);
  if (claim.prescribedOn) rows.push([CLAIM_TEXT.prescribedOn, prescribedOnText(claim.prescribedOn)]);
  if (claim.lengthOfNeed) rows.push(['Length of need', lengthOfNeedText(claim.lengthOfNeed)]);
  return (
    <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 [&_dd]:[overflow-wrap:anywhere]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-bold">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
