import { useEffect, useRef, useState } from 'react';

export interface ResultMessageValue {
  kind: 'success' | 'error';
  text: string;
  /** Changes on every show, so the same text shown twice is focused (and read) again. */
  id: number;
}

/**
 * A message answering a form, focused when it appears so that it is read out. `initial`: the
 * message a plain POST was answered with, rendered with the page (no JavaScript).
 */
export function useResultMessage(initial?: Pick<ResultMessageValue, 'kind' | 'text'> | null) {
  const ref = useRef<HTMLDivElement>(null);
  const [message, setMessage] = useState<ResultMessageValue | null>(initial ? { ...initial, id: 0 } : null);

  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);

  const showMessage = (kind: ResultMessageValue['kind'], text: string) =>
    setMessage((m) => ({ kind, text, id: (m?.id ?? 0) + 1 }));

  return {
    messageRef: ref,
    message,
    showMessage,
    /** An action's answer: its message, if it has one (field errors go beside the fields). */
    showAnswer: (answer: { ok: boolean; message?: string }) => {
      if (answer.message) showMessage(answer.ok ? 'success' : 'error', answer.message);
    },
    clearMessage: () => setMessage(null),
  };
}

/** The message of an action's answer, if it has one. */
export function answerMessage(answer: { ok: boolean; message?: string } | undefined | null) {
  return answer?.message
    ? { kind: answer.ok ? ('success' as const) : ('error' as const), text: answer.message }
    : null;
}
