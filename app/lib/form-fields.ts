/**
 * A posted form as a zod schema reads it (docs/decisions/0045): the same fields whether a browser
 * without scripts or the page's script posted them. A field sent once is its text; one sent
 * several times, or named in `lists`, the list of its texts. A blank field sent once counts as
 * not sent (an emptied quantity box adds one); in a list it stays, so paired lists never shift.
 * A file (no form here takes one through this) reads as text the schema refuses.
 */
export function formFields(
  form: FormData | URLSearchParams,
  lists: readonly string[] = [],
): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name).map((value) => (typeof value === 'string' ? value : '[file]'));
    const value = lists.includes(name) || values.length > 1 ? values : values[0];
    // Defined, not assigned: a field named __proto__ is a field the schema refuses, not a prototype.
    if (value)
      Object.defineProperty(fields, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return fields;
}

/** Whether a form holds a NUL: no text a person types does, and PostgreSQL cannot store one. */
export function formHoldsNul(fields: Record<string, string | string[]>): boolean {
  return Object.entries(fields).some(
    ([name, value]) => name.includes('\u0000') || [value].flat().some((text) => text.includes('\u0000')),
  );
}
