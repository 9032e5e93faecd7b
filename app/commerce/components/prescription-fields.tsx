import { ChoiceGroup } from '~/components/ui/choice-group';
import { Field } from '~/components/ui/field';
import type { FieldErrors } from '~/lib/use-form-errors';
import type { PrescriptionChoice } from '../prescriptions/prescription-client';
import { PRESCRIPTION_ACCEPT, PRESCRIPTION_TEXT } from '../prescriptions/prescriptions';
import { ClaimFields } from './claim-fields';

/**
 * The checkout form's prescription: upload the file, or give the prescriber's name and phone;
 * then, optionally, what an insurance claim needs. Its errors use the names the server answers
 * with (file, prescriberName, prescriberPhone, prescriberNpi, diagnosisCodes, ...).
 */
export function PrescriptionFields({
  choice,
  errors,
  disabled,
  onChange,
}: {
  choice: PrescriptionChoice;
  errors: FieldErrors;
  disabled: boolean;
  onChange: (choice: PrescriptionChoice) => void;
}) {
  return (
    <section
      aria-labelledby="prescription-legend"
      className="flex flex-col gap-3 rounded-md border border-border p-3"
    >
      <h3 id="prescription-legend" className="font-bold">
        {PRESCRIPTION_TEXT.legend}
      </h3>
      <p className="text-sm">{PRESCRIPTION_TEXT.explain}</p>
      <ChoiceGroup
        legend="How would you like to give it?"
        value={choice.kind}
        onChange={(kind) =>
          // The prescriber's name and the claim data stay when the buyer changes their mind.
          onChange(
            kind === 'upload'
              ? { kind, file: null, prescriberName: choice.prescriberName, claim: choice.claim }
              : { kind, prescriberName: choice.prescriberName, prescriberPhone: '', claim: choice.claim },
          )
        }
        choices={[
          { value: 'upload', label: PRESCRIPTION_TEXT.upload, detail: PRESCRIPTION_TEXT.uploadHint },
          {
            value: 'prescriber',
            label: PRESCRIPTION_TEXT.prescriber,
            detail: PRESCRIPTION_TEXT.prescriberHint,
          },
        ]}
      />
      {choice.kind === 'upload' ? (
        <Field
          label="Prescription file"
          hint={PRESCRIPTION_TEXT.uploadHint}
          name="file"
          type="file"
          accept={PRESCRIPTION_ACCEPT}
          disabled={disabled}
          error={errors.file}
          onChange={(event) => onChange({ ...choice, kind: 'upload', file: event.target.files?.[0] ?? null })}
        />
      ) : (
        <>
          <Field
            label="Prescriber's name"
            name="prescriberName"
            autoComplete="off"
            value={choice.prescriberName}
            disabled={disabled}
            error={errors.prescriberName}
            onChange={(event) => onChange({ ...choice, prescriberName: event.target.value })}
          />
          <Field
            label="Prescriber's phone"
            name="prescriberPhone"
            type="tel"
            autoComplete="off"
            value={choice.prescriberPhone}
            disabled={disabled}
            error={errors.prescriberPhone}
            onChange={(event) => onChange({ ...choice, prescriberPhone: event.target.value })}
          />
        </>
      )}
      <ClaimFields
        claim={choice.claim}
        prescriberName={choice.kind === 'upload' ? choice.prescriberName : undefined}
        errors={errors}
        disabled={disabled}
        onChange={(claim) => onChange({ ...choice, claim })}
        onPrescriberName={(prescriberName) => onChange({ ...choice, prescriberName })}
      />
    </section>
  );
}
