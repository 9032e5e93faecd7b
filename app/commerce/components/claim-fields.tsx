import { Field } from '~/components/ui/field';
import type { FieldErrors } from '~/lib/use-form-errors';
import { CLAIM_TEXT } from '../prescriptions/claim-data';
import type { ClaimValues } from '../prescriptions/prescription-client';

/**
 * The prescription step's optional claim data (docs/decisions/0063): the prescriber's NPI, the
 * diagnosis codes, the prescription's date and its length of need. With an uploaded file the
 * prescriber's name is asked here too (the other choice asks it already). Errors use the names
 * the server answers with.
 */
export function ClaimFields({
  claim,
  prescriberName,
  errors,
  disabled,
  onChange,
  onPrescriberName,
}: {
  claim: ClaimValues;
  /** The prescriber's name, when this section asks it (an uploaded prescription). */
  prescriberName?: string;
  errors: FieldErrors;
  disabled: boolean;
  onChange: (claim: ClaimValues) => void;
  onPrescriberName: (name: string) => void;
}) {
  const set = (name: keyof ClaimValues) => (event: React.ChangeEvent<HTMLInputElement>) =>
    onChange({ ...claim, [name]: event.target.value });
  return (
    <fieldset className="flex flex-col gap-3 border-t border-border pt-3">
      <legend className="font-bold">{CLAIM_TEXT.legend}</legend>
      <p className="text-sm">{CLAIM_TEXT.explain}</p>
      {prescriberName === undefined ? null : (
        <Field
          label={CLAIM_TEXT.prescriberName}
          name="prescriberName"
          autoComplete="off"
          value={prescriberName}
          disabled={disabled}
          error={errors.prescriberName}
          onChange={(event) => onPrescriberName(event.target.value)}
        />
      )}
      <Field
        label={CLAIM_TEXT.npi}
        hint={CLAIM_TEXT.npiHint}
        name="prescriberNpi"
        inputMode="numeric"
        autoComplete="off"
        maxLength={14}
        value={claim.prescriberNpi}
        disabled={disabled}
        error={errors.prescriberNpi}
        onChange={set('prescriberNpi')}
      />
      <Field
        label={CLAIM_TEXT.diagnosis}
        hint={CLAIM_TEXT.diagnosisHint}
        name="diagnosisCodes"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={60}
        value={claim.diagnosisCodes}
        disabled={disabled}
        error={errors.diagnosisCodes}
        onChange={set('diagnosisCodes')}
      />
      <Field
        label={CLAIM_TEXT.prescribedOn}
        name="prescribedOn"
        type="date"
        autoComplete="off"
        value={claim.prescribedOn}
        disabled={disabled}
        error={errors.prescribedOn}
        onChange={set('prescribedOn')}
      />
      <Field
        label={CLAIM_TEXT.lengthOfNeed}
        hint={CLAIM_TEXT.lengthOfNeedHint}
        name="lengthOfNeed"
        inputMode="numeric"
        autoComplete="off"
        maxLength={2}
        value={claim.lengthOfNeed}
        disabled={disabled}
        error={errors.lengthOfNeed}
        onChange={set('lengthOfNeed')}
      />
    </fieldset>
  );
}
