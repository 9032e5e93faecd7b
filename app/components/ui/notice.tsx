import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The answer to a step, focused when it appears: the button that was pressed is gone, and
 * focus must not fall back to the top of the page unannounced.
 */
export function Notice({
  kind,
  title,
  children,
}: {
  kind: 'success' | 'error';
  title: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const colour = kind === 'error' ? 'border-danger' : 'border-success';
  return (
    <div ref={ref} tabIndex={-1} className={`rounded-md border-2 p-4 ${colour}`}>
      <h2 className="text-xl font-bold">{title}</h2>
      <div className="mt-2 space-y-2">{children}</div>
    </div>
  );
}
