import { useEffect, useEffectEvent, useRef } from 'react';
import { useActionData, useNavigation, useSubmit } from 'react-router';
import { ENHANCED_FIELD, type FormAnswer } from './form-answer';

/**
 * The answer to a plain POST of the form `intent` (sent before hydration or without scripts),
 * which the page is rendered with: what the form shows at first.
 */
export function usePostedAnswer<T extends FormAnswer>(...intents: T['intent'][]): T | undefined {
  const posted = useActionData() as FormAnswer | undefined;
  return posted && intents.includes(posted.intent) ? (posted as T) : undefined;
}

/**
 * A form that posts to its page's action, with the intent (or one of the intents) it sends.
 *
 * The form is a real `<form method="post">` with named fields, so a click before hydration or
 * without scripts posts it and the page comes back rendered with the answer (usePostedAnswer). Once the page is interactive, `submit` (called after the form has
 * checked itself) sends the same fields through the router instead: no reload, the page data
 * is fresh again when the answer arrives, and `onAnswer` gets it to show it (message, toast,
 * navigation). Navigation submissions, not fetchers: the answer is the route's action data
 * either way, and the first load carries no fetcher code.
 */
export function useActionForm<T extends FormAnswer>(
  intents: T['intent'] | T['intent'][],
  onAnswer: (answer: T) => void,
) {
  const mine = ([] as string[]).concat(intents);
  const posted = useActionData() as FormAnswer | undefined;
  const answer = posted && mine.includes(posted.intent) ? (posted as T) : undefined;
  const navigation = useNavigation();
  const routerSubmit = useSubmit();
  // The answer the page was rendered with is shown by usePostedAnswer; only later ones are
  // news, handed over once the router is idle again (the page data reloaded after the action).
  const handled = useRef(posted);
  const answered = useEffectEvent(onAnswer);
  const idle = navigation.state === 'idle';
  useEffect(() => {
    if (!answer || answer === handled.current || !idle) return;
    handled.current = answer;
    answered(answer);
  }, [answer, idle]);

  const sent = navigation.formData?.get('intent');
  const sending = typeof sent === 'string' && mine.includes(sent) ? (sent as T['intent']) : undefined;
  return {
    /** From sending until the page data is fresh again. */
    pending: sending !== undefined,
    /** Which of the intents is on its way. */
    sending,
    /** `extra`: what a plain POST would add, such as the name and value of the button used. */
    submit(form: HTMLFormElement, extra: Record<string, string> = {}) {
      const body = new FormData(form);
      body.set('intent', mine[0] ?? '');
      for (const [name, value] of Object.entries(extra)) body.set(name, value);
      body.set(ENHANCED_FIELD, '1');
      void routerSubmit(body, { method: 'post', replace: true, preventScrollReset: true });
    },
  };
}
