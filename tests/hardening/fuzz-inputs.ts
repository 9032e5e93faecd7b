import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Hostile request bodies derived from a route's zod schema: a valid body with some of its
 * schema's fields (or the fields of its nested objects) replaced by hostile values, forged
 * extra fields, or a body of the wrong shape altogether.
 */

const HUGE = 'x'.repeat(100_000);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    '',
    ' ',
    HUGE,
    '1'.repeat(5_000),
    'a\r\nSet-Cookie: pwned=1',
    'line\nbreak',
    '\u0000\u0001\u001f',
    '\u202eevil\u202c',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🧪 ﷽',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '__proto__',
    -1,
    0,
    1.5,
    -0.5,
    1e9,
    Number.MAX_SAFE_INTEGER,
    2 ** 53 + 2,
    1e308,
    -1e308,
    [],
    {},
    { $gt: '' },
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** Field names a client might forge to escalate or change what it does not own. */
const FORGED = ['userId', 'user_id', 'role', 'emailVerified', 'price', 'status', 'amount', 'total', 'id'];

type Json = Record<string, unknown>;

/** The field names of an object schema, or of every option of a discriminated union. */
export function schemaKeys(schema: z.ZodType): string[] {
  const def = (schema as unknown as { def: { shape?: Json; options?: z.ZodType[]; in?: z.ZodType } }).def;
  if (def.shape) return Object.keys(def.shape);
  if (def.options) return [...new Set(def.options.flatMap(schemaKeys))];
  if (def.in) return schemaKeys(def.in);
  return [];
}

function mutate(valid: Json, keys: string[]): fc.Arbitrary<Json> {
  const nestedKeys = Object.keys(valid).filter((k) => Array.isArray(valid[k]));
  const replaceFields = fc
    .uniqueArray(fc.constantFrom(...keys), { minLength: 1, maxLength: Math.max(1, keys.length) })
    .chain((fields) =>
      fc.tuple(...fields.map(() => hostileValue)).map((values) => {
        const body: Json = { ...valid };
        fields.forEach((field, i) => (body[field] = values[i]));
        return body;
      }),
    );
  const forge = fc
    .tuple(fc.constantFrom(...FORGED), hostileValue)
    .map(([field, value]) => ({ ...valid, [field]: value }));
  const dropField = fc
    .constantFrom(...keys)
    .map((field) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field)));
  const arbitraries: fc.Arbitrary<Json>[] = [replaceFields, forge, dropField];
  for (const key of nestedKeys) {
    const list = valid[key] as unknown[];
    const inner = list[0];
    if (inner && typeof inner === 'object') {
      arbitraries.push(
        mutate(inner as Json, Object.keys(inner)).map((item) => ({ ...valid, [key]: [item] })),
      );
    } else {
      arbitraries.push(hostileValue.map((item) => ({ ...valid, [key]: [item] })));
    }
    // Far more entries than any cart holds.
    arbitraries.push(fc.constant({ ...valid, [key]: Array.from({ length: 600 }, () => list[0]) }));
  }
  return fc.oneof(...arbitraries);
}

/** Bodies for one route: mostly near-valid ones, some of the wrong shape entirely. */
export function hostileBodies(schema: z.ZodType, valid: Json): fc.Arbitrary<unknown> {
  const keys = schemaKeys(schema);
  return fc.oneof(
    { weight: 6, arbitrary: mutate(valid, keys.length > 0 ? keys : Object.keys(valid)) },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** Raw bodies that are not a JSON object at all. */
export const RAW_BODIES = ['', 'not json', '{"productId":', '[]', 'null', '"x"', '{"a":1}'.repeat(3)];

/**
 * A page form's fields, from the same hostile bodies: a form carries only text, so every value
 * is sent as its text (a non-string as its JSON), and a body that is no object is one field.
 */
export function hostileFields(
  schema: z.ZodType,
  valid: Record<string, string>,
): fc.Arbitrary<Record<string, string>> {
  const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  const [first = 'field'] = Object.keys(valid);
  return hostileBodies(schema, valid).map((body) =>
    body && typeof body === 'object' && !Array.isArray(body)
      ? Object.fromEntries(Object.entries(body).map(([name, value]) => [name, asText(value)]))
      : { [first]: asText(body) },
  );
}

/** Raw form bodies that no browser sends: broken escapes, names without values, empty names. */
export const RAW_FORM_BODIES = ['', '%', 'email', '=&=&=', 'email=%E0%A4%A', 'a=1&a=2&a=3', '%00=%00'];
