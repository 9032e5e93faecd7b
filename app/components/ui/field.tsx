import { type InputHTMLAttributes, type Ref, useId } from 'react';

/** 44px targets; a thick red border on an invalid field, besides its message. */
export const inputClass =
  'mt-1 block min-h-11 w-full rounded-md border border-border bg-bg px-3 text-fg aria-[invalid=true]:border-2 aria-[invalid=true]:border-danger read-only:bg-surface';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose hint and error are tied to it (aria-describedby, aria-invalid). */
export function Field({ label, error, hint, id, ref, ...input }: FieldProps) {
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
      <input
        {...input}
        id={fieldId}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-bold text-danger">
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      ) : null}
    </div>
  );
}
