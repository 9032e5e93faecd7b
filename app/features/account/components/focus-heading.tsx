import { type ReactNode, useEffect, useRef } from 'react';

/** An h3 that takes focus when it appears: the start of the next step of a form. */
export function FocusHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h3 ref={ref} tabIndex={-1} className="text-xl font-bold">
      {children}
    </h3>
  );
}
