import { Minus, Plus } from 'lucide';
import { useId, useState } from 'react';
import { Icon } from '~/components/ui/icon';
import { MAX_LINE_QUANTITY } from '~/commerce/cart-limits';

interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  /** Added to the labels for screen readers when several steppers share a page. */
  itemName?: string;
  /**
   * Without scripts (docs/decisions/0044): the form the number field posts with (as `quantity`),
   * and the forms the − and + buttons submit. With scripts every click and key stays here.
   */
  forms?: { input: string; decrease?: string; increase?: string };
}

const stepButton =
  'inline-flex h-11 w-11 items-center justify-center rounded-md border border-border bg-bg hover:bg-surface aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

/**
 * − / number / + (never below 1; at most 99 of a line). The buttons at a limit are
 * aria-disabled rather than disabled, so keyboard focus is not thrown away when a limit is hit.
 */
export function QuantityStepper({ value, onChange, itemName, forms }: QuantityStepperProps) {
  const id = useId();
  // What is being typed, until the field is left; null shows the value.
  const [draft, setDraft] = useState<string | null>(null);
  const of = itemName ? <span className="sr-only"> of {itemName}</span> : null;
  const atMin = value <= 1;
  const atMax = value >= MAX_LINE_QUANTITY;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="font-bold">
        Quantity{of}
      </label>
      <div className="flex items-center gap-1">
        <button
          type={forms?.decrease && !atMin ? 'submit' : 'button'}
          form={forms?.decrease}
          className={stepButton}
          aria-disabled={atMin}
          onClick={(event) => {
            event.preventDefault();
            if (!atMin) onChange(value - 1);
          }}
        >
          <Icon icon={Minus} size={20} />
          <span className="sr-only">Decrease quantity{of}</span>
        </button>
        <input
          id={id}
          form={forms?.input}
          name={forms ? 'quantity' : undefined}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_LINE_QUANTITY}
          value={draft ?? String(value)}
          onChange={(event) => {
            const text = event.target.value;
            setDraft(text);
            const quantity = Number(text);
            if (text !== '' && Number.isInteger(quantity) && quantity >= 1)
              onChange(Math.min(quantity, MAX_LINE_QUANTITY));
          }}
          onBlur={() => setDraft(null)}
          className="h-11 w-16 rounded-md border border-border bg-bg text-center text-lg"
        />
        <button
          type={forms?.increase && !atMax ? 'submit' : 'button'}
          form={forms?.increase}
          className={stepButton}
          aria-disabled={atMax}
          onClick={(event) => {
            event.preventDefault();
            if (!atMax) onChange(value + 1);
          }}
        >
          <Icon icon={Plus} size={20} />
          <span className="sr-only">Increase quantity{of}</span>
        </button>
      </div>
    </div>
  );
}
