import type { ReactNode } from 'react';
import { Form } from 'react-router';

/**
 * The search and filters above a console list: a GET form (the results have an address, to
 * bookmark or share, and it works before JavaScript loads) that screen readers list as a
 * search landmark named after the list.
 */
export function ConsoleSearchForm({
  label,
  className,
  children,
}: {
  /** Names the landmark: "Orders", "Contact messages". */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="get" role="search" aria-label={label} className={className}>
      {children}
    </Form>
  );
}
