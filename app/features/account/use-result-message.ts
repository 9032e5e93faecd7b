import { useEffect, useRef, useState } from 'react';

export interface ResultMessageValue {
  kind: 'success' | 'error';
  text: string;
  /** Changes on every show, so the same text shown twice is focused (and read) again. */
  id: number;
}

/** A message answering a form, focused when it appears so that it is read out. */
export function useResultMessage() {
  const ref = useRef<HTMLDivElement>(null);
  const [message, setMessage] = useState<ResultMessageValue | null>(null);

  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);

  return {
    messageRef: ref,
    message,
    showMessage: (kind: ResultMessageValue['kind'], text: string) =>
      setMessage((m) => ({ kind, text, id: (m?.id ?? 0) + 1 })),
    clearMessage: () => setMessage(null),
  };
}
