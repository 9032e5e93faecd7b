import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

/** 44px targets; a thick red border on an invalid field, besides its message. */
export const inputClass =
  'mt-1 block min-h-11 w-full rounded-md border border-border bg-bg px-3 text-fg aria-[invalid=true]:border-2 aria-[invalid=true]:border-danger read-only:bg-surface';

interface FieldText {
  label: string;
  error?: string;
  hint?: string;
}

interface FieldProps extends FieldText, Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  ref?: Ref<HTMLInputElement>;
}

interface TextAreaFieldProps
  extends FieldText, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  ref?: Ref<HTMLTextAreaElement>;
}

interface SelectFieldProps extends FieldText, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> {
  ref?: Ref<HTMLSelectElement>;
  /** Value and text of each choice, in order. */
  options: readonly (readonly [value: string, text: string])[];
  /** The first, empty choice ('Choose...'), when nothing is chosen yet. */
  placeholder?: string;
}

type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** Label, hint and error around a control, tied to it (aria-describedby, aria-invalid). */
function FieldFrame({
  label,
  error,
  hint,
  id,
  control,
}: FieldText & { id?: string; control: (props: ControlProps) => ReactNode }) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={fieldId} className="block font-bold">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {control({ id: fieldId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-bold text-danger">
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input whose hint and error are tied to it. */
export function Field({ label, error, hint, id, ref, ...input }: FieldProps) {
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      id={id}
      control={(props) => <input {...input} {...props} ref={ref} className={inputClass} />}
    />
  );
}

/** The same for longer text, such as a message. */
export function TextAreaField({ label, error, hint, id, ref, rows = 6, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      id={id}
      control={(props) => (
        <textarea {...textarea} {...props} ref={ref} rows={rows} className={`${inputClass} py-2`} />
      )}
    />
  );
}

/** A labelled list to choose from (a native select: every keyboard and screen reader knows it). */
export function SelectField({
  label,
  error,
  hint,
  id,
  ref,
  options,
  placeholder,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      id={id}
      control={(props) => (
        <select {...select} {...props} ref={ref} className={inputClass}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    />
  );
}
