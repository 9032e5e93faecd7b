type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const NOT_TYPED = new Set(['hidden', 'file', 'submit', 'button', 'reset', 'image']);

/** The prototype's own setter: it changes the field without React's value tracker seeing it. */
function setUntracked(control: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = Object.getPrototypeOf(control) as object;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(control, value);
}

const changedSelect = (select: HTMLSelectElement) =>
  [...select.options].some((option) => option.selected !== option.defaultSelected);

/**
 * React sets a controlled select back to its value while hydrating (it does not for text), so
 * what is chosen before and during hydration is noted, and given back after: a choice made
 * before is always replayed; one made while hydration ran only if hydration undid it.
 */
const chosen = new Map<HTMLSelectElement, { value: string; beforeHydration: boolean }>();

function noteChoice(event: Event) {
  if (event.target instanceof HTMLSelectElement) {
    chosen.set(event.target, { value: event.target.value, beforeHydration: false });
  }
}

/** Called just before hydration starts. */
export function noteEarlyChoices(root: Document = document) {
  for (const select of root.querySelectorAll('select')) {
    if (changedSelect(select)) chosen.set(select, { value: select.value, beforeHydration: true });
  }
  root.addEventListener('change', noteChoice, true);
}

function adoptOne(control: Control) {
  if (control instanceof HTMLSelectElement) {
    const choice = chosen.get(control);
    if (!choice || (!choice.beforeHydration && control.value === choice.value)) return;
    control.value = choice.value;
    control.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (control instanceof HTMLInputElement && NOT_TYPED.has(control.type)) return;
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
    if (control.checked === control.defaultChecked) return;
    // Back to what the server sent, then a click: React hears the change as it would a tap.
    control.checked = control.defaultChecked;
    control.click();
    return;
  }
  if (control.value === control.defaultValue) return;
  const typed = control.value;
  // React's tracker learns the server's value, the field gets the typed one back, and the
  // input event then reads as a change: the form's state takes what is on screen.
  control.value = control.defaultValue;
  setUntracked(control, typed);
  control.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * What a visitor typed, ticked or chose before the page's scripts ran (a slow phone shows the
 * server's form seconds before it hydrates). React 19 leaves it on screen, but the components'
 * state still holds the server's values, so submitting said "Please enter a valid email" under
 * a filled-in email, and the next render would blank the field. Run once in the layout effect of
 * the hydrating commit: each changed field is announced to React as a change, as the user's own
 * input would have been, and React renders the new state before the commit's task ends. So no
 * later event finds the old state: not a press in the next task (a passive effect ran too late
 * for that on a busy machine), nor one that arrives while hydration is under way (React then
 * finishes hydrating synchronously, this included, before it hands the event on).
 */
export function adoptInputTypedBeforeHydration(root: ParentNode = document) {
  document.removeEventListener('change', noteChoice, true);
  for (const control of root.querySelectorAll<Control>('input, textarea, select')) adoptOne(control);
  chosen.clear();
}
