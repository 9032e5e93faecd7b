import { Form, useActionData, useNavigation } from 'react-router';
import { answeredField } from '~/lib/form-answer';
import { primaryButton } from '~/components/ui/button-styles';
import { Field, SelectField, TextAreaField } from '~/components/ui/field';
import { MEASURE_FIELDS } from '../../product-admin.schema';
import type { ProductConsoleAnswer } from '../../product-console-actions.server';

export const FLAG_LABELS = [
  ['isNew', 'New arrival'],
  ['isFeatured', 'Featured'],
  ['freightOnly', 'Oversized: ships by freight only'],
  ['taxExempt', 'Tax-exempt'],
  ['hsaFsaEligible', 'HSA/FSA eligible'],
  ['hsaFsaLetter', 'HSA/FSA needs a letter of medical necessity'],
  ['prescriptionRequired', 'Prescription required'],
  ['returnable', 'Returnable'],
] as const;

export type ProductFlags = Record<(typeof FLAG_LABELS)[number][0], boolean>;

/** Every field a product page shows, in one form; dollars in, cents kept. */
export function ProductEditor({
  values,
  flags,
  placements,
  brands,
  submitLabel,
}: {
  values: Record<string, string>;
  flags: ProductFlags;
  placements: (readonly [string, string])[];
  brands: string[];
  submitLabel: string;
}) {
  const answer = useActionData<ProductConsoleAnswer>();
  const mine = answer?.intent === 'save' ? answer : undefined;
  const typed = mine && !mine.ok ? mine.values : undefined;
  const checked = (name: keyof ProductFlags) => (typed ? typed[name] === 'on' : flags[name]);
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  return (
    <Form
      method="post"
      className="space-y-6"
      aria-label="Product details"
      key={mine?.ok ? 'saved' : 'editing'}
    >
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-xl font-bold">Details</legend>
        <div className="sm:col-span-2">
          <Field label="Name" {...answeredField(mine, 'name', values.name)} required maxLength={120} />
        </div>
        <Field
          label="SKU"
          {...answeredField(mine, 'sku', values.sku)}
          required
          maxLength={40}
          autoComplete="off"
        />
        <div>
          <Field
            label="Brand"
            {...answeredField(mine, 'brand', values.brand)}
            required
            maxLength={60}
            list="brand-names"
            autoComplete="off"
          />
          <datalist id="brand-names">
            {brands.map((brand) => (
              <option key={brand} value={brand} />
            ))}
          </datalist>
        </div>
        <div className="sm:col-span-2">
          <SelectField
            label="Category"
            options={placements}
            placeholder="Choose…"
            {...answeredField(mine, 'placement', values.placement)}
            required
          />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField
            label="Description"
            {...answeredField(mine, 'description', values.description)}
            required
            maxLength={2000}
            rows={5}
          />
        </div>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-xl font-bold">Price</legend>
        <Field
          label="Price ($)"
          inputMode="decimal"
          {...answeredField(mine, 'price', values.price)}
          required
        />
        <Field
          label="Original price ($)"
          inputMode="decimal"
          {...answeredField(mine, 'originalPrice', values.originalPrice)}
          hint="Higher than the price while the product is on sale; empty otherwise"
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-xl font-bold">Insurance billing</legend>
        <Field
          label="HCPCS code"
          {...answeredField(mine, 'hcpcsCode', values.hcpcsCode)}
          maxLength={5}
          autoComplete="off"
          hint="One letter and four digits, such as E0601; empty when no plan pays for it"
        />
        <Field
          label="Default HCPCS modifier"
          {...answeredField(mine, 'hcpcsModifier', values.hcpcsModifier)}
          maxLength={2}
          autoComplete="off"
          hint="Two letters or digits, such as NU (new) or RR (rental); may be empty"
        />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-xl font-bold">Refills</legend>
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            name="refillable"
            defaultChecked={typed ? typed.refillable === 'on' : Boolean(values.refillWeeks)}
            className="size-5"
          />
          Refillable: shoppers may have it delivered on a schedule
        </label>
        <Field
          label="Suggested intervals in weeks"
          {...answeredField(mine, 'refillWeeks', values.refillWeeks)}
          maxLength={40}
          autoComplete="off"
          hint="Up to 4 intervals from 1 to 52 weeks, separated by commas, such as 4, 8, 12"
        />
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="mb-2 text-xl font-bold">Flags</legend>
        {FLAG_LABELS.map(([name, label]) => (
          <label key={name} className="flex min-h-11 items-center gap-3">
            <input type="checkbox" name={name} defaultChecked={checked(name)} className="size-5" />
            {label}
          </label>
        ))}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-xl font-bold">Features and specifications</legend>
        <TextAreaField
          label="Features"
          hint="One per line"
          {...answeredField(mine, 'features', values.features)}
          rows={6}
        />
        <TextAreaField
          label="More specifications"
          hint='One per line, as "Name: value" (Material: Aluminum)'
          {...answeredField(mine, 'specifications', values.specifications)}
          rows={6}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-xl font-bold">Measures</legend>
        {MEASURE_FIELDS.map(([name, label]) => (
          <Field
            key={name}
            label={label}
            inputMode="decimal"
            {...answeredField(mine, name, values[name])}
            hint="Empty when it does not apply"
          />
        ))}
      </fieldset>
      <button type="submit" name="intent" value="save" className={primaryButton} disabled={pending}>
        {pending ? 'Saving…' : submitLabel}
      </button>
    </Form>
  );
}
