import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { Field } from '~/components/ui/field';
import { subscribeToKey } from '~/lib/storage';
import type { FitInput } from '~/commerce/catalogue/catalog.schema';
import { type FitNeeds, hasNeeds } from '~/commerce/catalogue/fit';
import { parseRemembered, REMEMBERED_KEY, rememberedRaw, rememberNeeds } from '../fit-memory';

// Another tab entering figures changes what this one remembers.
const subscribe = (onChange: () => void) => subscribeToKey(REMEMBERED_KEY, onChange);

/**
 * The figures to answer for: those of the URL (which are then remembered on the device), or,
 * when the URL has none and nothing was typed, those remembered. The server has no device
 * storage, so remembered figures appear once the page is interactive.
 */
export function useFitNeeds(input: FitInput): FitNeeds {
  const raw = useSyncExternalStore(subscribe, rememberedRaw, () => null);
  const remembered = useMemo(() => parseRemembered(raw), [raw]);
  const { weightLb, doorIn } = input.needs;
  const typed = Boolean(input.values.weight || input.values.door);
  useEffect(() => {
    if (weightLb !== undefined || doorIn !== undefined) rememberNeeds({ weightLb, doorIn });
  }, [weightLb, doorIn]);
  return hasNeeds(input.needs) || typed ? input.needs : remembered;
}

/**
 * The two "Will it fit?" fields, named as the URL names them (weight, door): a plain GET form
 * carries them, and the page answers with the figures or with a message for each it cannot use.
 * Uncontrolled, so what is typed before the section's code arrives stays typed; an empty field
 * is filled with the figure answered for (remembered on the device) once the page can read it.
 */
export function FitFields({
  input,
  needs,
  idPrefix,
}: {
  input: FitInput;
  needs: FitNeeds;
  idPrefix: string;
}) {
  const weightRef = useRef<HTMLInputElement>(null);
  const doorRef = useRef<HTMLInputElement>(null);
  const { weightLb, doorIn } = needs;
  useEffect(() => {
    const fill = (field: HTMLInputElement | null, figure: number | undefined) => {
      if (field && field.value === '' && figure !== undefined) field.value = String(figure);
    };
    fill(weightRef.current, weightLb);
    fill(doorRef.current, doorIn);
  }, [weightLb, doorIn]);

  const fields = [
    { name: 'weight', label: 'Weight of the person using it (lb)', hint: undefined },
    {
      name: 'door',
      label: 'Narrowest doorway (in.)',
      hint: 'Measure the opening with the door fully open.',
    },
  ] as const;
  return fields.map(({ name, label, hint }) => (
    <Field
      key={name}
      ref={name === 'weight' ? weightRef : doorRef}
      id={`${idPrefix}-${name}`}
      label={label}
      hint={hint}
      name={name}
      inputMode="decimal"
      autoComplete="off"
      defaultValue={input.values[name]}
      error={input.errors[name]}
    />
  ));
}
