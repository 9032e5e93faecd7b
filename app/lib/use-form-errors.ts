import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { firstIssues } from './form-answer';

export type FieldErrors = Record<string, string | undefined>;

/**
 * Field errors from a zod schema: the first message per field. After every failed check the
 * first invalid field (in page order) receives focus, so a keyboard or screen reader user
 * lands on the problem. `initial`: the errors a plain POST was answered with (no JavaScript).
 */
export function useFormErrors(initial?: FieldErrors) {
  const formRef = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<{ errors: FieldErrors; attempt: number }>({
    errors: initial ?? {},
    attempt: 0,
  });

  useEffect(() => {
    if (state.attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state]);

  const showErrors = (errors: FieldErrors) => setState((s) => ({ errors, attempt: s.attempt + 1 }));

  /** The parsed values, or null after showing the errors (plus any extra ones given). */
  function check<S extends z.ZodType>(
    schema: S,
    values: unknown,
    extra: FieldErrors = {},
  ): z.infer<S> | null {
    const result = schema.safeParse(values);
    const errors: FieldErrors = result.success ? {} : firstIssues(result.error.issues);
    for (const [key, message] of Object.entries(extra)) if (message) errors[key] ??= message;
    if (result.success && Object.keys(errors).length === 0) {
      setState((s) => ({ errors: {}, attempt: s.attempt }));
      return result.data;
    }
    showErrors(errors);
    return null;
  }

  return { formRef, errors: state.errors, check, showErrors };
}
