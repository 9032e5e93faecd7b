import type { ReactNode } from 'react';
import { panelClass } from '../account-ui';

/** One part of /account under its h2 (unlabelled section, as on the content pages). */
export function AccountSection({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <section id={id} className={panelClass}>
      <h2 className="text-2xl font-bold">{title}</h2>
      <div className="mt-4 space-y-5">{children}</div>
    </section>
  );
}
