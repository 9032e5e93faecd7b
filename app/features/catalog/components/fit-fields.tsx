import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Field } from '~/components/ui/field';
import type { FitInput } from '../catalog.schema';
import { type FitNeeds, hasNeeds } from '../fit';
import { parseRemembered, REMEMBERED_KEY, rememberedRaw, rememberNeeds } from '../fit-memory';

function subscribe(onChange: () => void) {
  // Another tab entering figures changes what this one remembers.
  const onStorage = (event: StorageEvent) => {
    if (event.key === REMEMBERED_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

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
 * Until edited, a field shows what was sent, else the figure answered for (remembered).
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
  const [edited, setEdited] = useState<{ weight?: string; door?: string }>({});
  const typed = Boolean(input.values.weight || input.values.door);
  const shown = (name: 'weight' | 'door', figure: number | undefined) =>
    edited[name] ?? (typed ? input.values[name] : (figure?.toString() ?? ''));

  return (
    <>
      <Field
        id={`${idPrefix}-weight`}
        label="Weight of the person using it (lb)"
        name="weight"
        inputMode="decimal"
        autoComplete="off"
        value={shown('weight', needs.weightLb)}
        onChange={(event) => setEdited((v) => ({ ...v, weight: event.target.value }))}
        error={input.errors.weight}
      />
      <Field
        id={`${idPrefix}-door`}
        label="Narrowest doorway (in.)"
        hint="Measure the opening with the door fully open."
        name="door"
        inputMode="decimal"
        autoComplete="off"
        value={shown('door', needs.doorIn)}
        onChange={(event) => setEdited((v) => ({ ...v, door: event.target.value }))}
        error={input.errors.door}
      />
    </>
  );
}
