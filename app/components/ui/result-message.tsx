import type { ReactNode, Ref } from 'react';
import type { ResultMessageValue } from './use-result-message';

/** The answer to a form; focusable so that moving focus to it reads it out. */
export function ResultMessage({
  message,
  ref,
  children,
}: {
  message: ResultMessageValue | null;
  ref: Ref<HTMLDivElement>;
  children?: ReactNode;
}) {
  if (!message) return null;
  const error = message.kind === 'error';
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={`rounded-md border-2 p-3 font-bold ${error ? 'border-danger text-danger' : 'border-success text-success'}`}
    >
      <p>{message.text}</p>
      {children}
    </div>
  );
}
