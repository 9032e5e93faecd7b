import { type ReactNode, useId } from 'react';

export interface Choice<T extends string> {
  value: T;
  /** The option's name (what a screen reader says first). */
  label: ReactNode;
  /** What describes it: a price, a delivery time, the cards a method takes. */
  aside?: ReactNode;
  detail?: ReactNode;
}

interface ChoiceGroupProps<T extends string> {
  legend: string;
  choices: readonly Choice<T>[];
  value: T | undefined;
  onChange: (value: T) => void;
  /** The field's name and form, when a form posted without scripts carries the choice. */
  name?: string;
  form?: string;
}

/**
 * A set of radio buttons drawn as boxes: the whole box is the click target (44 px and more),
 * the label names the option, and the aside and detail describe it without being its name.
 */
export function ChoiceGroup<T extends string>({
  legend,
  choices,
  value,
  onChange,
  name,
  form,
}: ChoiceGroupProps<T>) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-bold">{legend}</legend>
      {choices.map((choice, i) => {
        const key = `${id}-${i}`;
        const described = [choice.aside ? `${key}-aside` : '', choice.detail ? `${key}-detail` : '']
          .filter(Boolean)
          .join(' ');
        return (
          <label
            key={choice.value}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 hover:bg-surface"
          >
            <input
              type="radio"
              name={name ?? `${id}-choice`}
              form={form}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              aria-labelledby={`${key}-label`}
              aria-describedby={described || undefined}
              className="mt-1 h-5 w-5 shrink-0"
            />
            <span className="flex flex-1 flex-col">
              <span id={`${key}-label`} className="font-bold break-words">
                {choice.label}
              </span>
              {choice.detail ? (
                <span id={`${key}-detail`} className="text-sm text-muted">
                  {choice.detail}
                </span>
              ) : null}
            </span>
            {choice.aside ? (
              <span id={`${key}-aside`} className="shrink-0">
                {choice.aside}
              </span>
            ) : null}
          </label>
        );
      })}
    </fieldset>
  );
}
