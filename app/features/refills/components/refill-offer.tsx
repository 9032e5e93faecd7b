import { useId } from 'react';
import { Form } from 'react-router';
import { secondaryButton } from '~/components/ui/button-styles';
import { Field, SelectField } from '~/components/ui/field';

/**
 * "Deliver every N weeks" on a refillable product's page: a plain GET form to the subscribe
 * page (a guest is asked to sign in there and comes back), the same for every visitor, so the
 * page stays cacheable.
 */
export function RefillOffer({ product }: { product: { id: string; refillWeeks?: readonly number[] } }) {
  const id = useId();
  const intervals = product.refillWeeks ?? [];
  if (intervals.length === 0) return null;
  return (
    <Form
      method="get"
      action="/account/refills/new"
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-lg border border-border p-4"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold">
        Deliver on a schedule
      </h2>
      <p className="text-sm">
        We send it every few weeks and email you 3 days before each delivery. Skip, move or cancel any time.
      </p>
      <input type="hidden" name="product" value={product.id} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="How often"
          name="weeks"
          options={intervals.map((w) => [String(w), `Deliver every ${w} weeks`] as const)}
          defaultValue={String(intervals[0])}
        />
        <Field
          label="Quantity per delivery"
          name="quantity"
          type="number"
          min={1}
          max={99}
          inputMode="numeric"
          defaultValue="1"
        />
      </div>
      <button type="submit" className={secondaryButton}>
        Set up refills
      </button>
    </Form>
  );
}
