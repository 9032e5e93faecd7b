import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { secondaryButton } from '~/components/ui/button-styles';
import { postForm } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useHydrated } from '~/lib/use-hydrated';
import { normalizePromoCode, type PromoSummary } from '../promo/promo';
import { clearStoredPromo, storePromo } from '../promo/promo-storage';

interface PromoCodeFormProps {
  /** The stored code, or null. */
  applied: string | null;
  /** How the applied code reads, when known. */
  label: string | null;
  /** The device cart's lines: the server checks the code against them (a guest's cart). */
  lines: readonly { product_id: string; quantity: number }[];
  /** Why the server refused a code posted without scripts (docs/decisions/0044). */
  serverMessage?: string;
}

/** The promo form's fields, as a browser without scripts posts them, plus the device cart's lines. */
export function promoFields(code: string, lines: PromoCodeFormProps['lines']): [string, string][] {
  return [
    ['intent', 'promo'],
    ['code', code],
    ...lines.flatMap((line): [string, string][] => [
      ['productId', line.product_id],
      ['quantity', String(line.quantity)],
    ]),
  ];
}

/**
 * Enter, apply and remove a promo code; one code at a time. The server says whether the code
 * applies (the browser holds no list of codes, docs/decisions/0052).
 */
export function PromoCodeForm({ applied, label, lines, serverMessage }: PromoCodeFormProps) {
  const hydrated = useHydrated();
  const [input, setInput] = useState('');
  const [error, setError] = useState(serverMessage ?? '');
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  // The control that was used disappears when the state flips; focus moves to its counterpart.
  const focusNext = useRef(false);
  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    (applied ? removeRef : inputRef).current?.focus();
  }, [applied]);

  const [checking, setChecking] = useState(false);

  async function apply(event: FormEvent) {
    event.preventDefault();
    // Apply is only aria-disabled while blank, so pressing it can say what is missing.
    if (!normalizePromoCode(input)) return setError('Please enter a promo code');
    if (checking) return;
    setChecking(true);
    const result = await postForm<PromoSummary>('/cart', promoFields(input, lines));
    setChecking(false);
    if (!result.ok || !result.data) return setError(result.message ?? 'Invalid promo code');
    const promo = result.data;
    if (!storePromo(promo)) return setError('Your browser did not let us save the code.');
    focusNext.current = true;
    setError('');
    setInput('');
    notify.success('Promo code applied', { description: `${promo.code}: ${promo.label}.` });
  }

  if (applied) {
    return (
      <div className="flex flex-col gap-2 rounded-md bg-surface p-3">
        <p>
          Promo code <strong>{applied}</strong> applied{label ? `: ${label}` : ''}.
        </p>
        <form method="post" action="/cart" className="self-start">
          <input type="hidden" name="intent" value="promo-remove" />
          <button
            ref={removeRef}
            type="submit"
            className={secondaryButton}
            onClick={(event) => {
              event.preventDefault();
              focusNext.current = true;
              clearStoredPromo();
            }}
          >
            Remove<span className="sr-only"> promo code {applied}</span>
          </button>
        </form>
      </div>
    );
  }

  // Without scripts the field's value is not known here: Apply stays usable and the server checks.
  const blank = hydrated && normalizePromoCode(input) === '';
  return (
    // Posts to the cart page's action when no script runs (the code is then kept in a cookie).
    <form
      method="post"
      action="/cart"
      onSubmit={(event) => void apply(event)}
      noValidate
      className="flex flex-col gap-2"
    >
      <input type="hidden" name="intent" value="promo" />
      <label htmlFor={inputId} className="font-bold">
        Promo code
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={inputId}
          name="code"
          value={input}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => {
            setInput(event.target.value.toUpperCase());
            setError('');
          }}
          className="h-11 min-w-0 flex-1 rounded-md border border-border bg-bg px-3 uppercase"
        />
        <button type="submit" aria-disabled={blank || checking} className={secondaryButton}>
          Apply
        </button>
      </div>
      <p id={errorId} aria-live="polite" className="text-danger">
        {error}
      </p>
    </form>
  );
}
