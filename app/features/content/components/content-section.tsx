import type { ReactNode } from 'react';

interface ContentSectionProps {
  title: string;
  /** h2 for a page's sections, h3 for a part of one, so headings never skip a level. */
  level?: 2 | 3;
  children: ReactNode;
}

/*
 * Unlabelled <section> on purpose: a labelled one becomes a landmark, and a policy with a dozen
 * landmarks is harder, not easier, to move through with a screen reader.
 */
export function ContentSection({ title, level = 2, children }: ContentSectionProps) {
  if (level === 3) {
    return (
      <section className="mt-6">
        <h3 className="text-xl font-bold">{title}</h3>
        {children}
      </section>
    );
  }
  return (
    <section>
      <h2 className="text-2xl font-bold">{title}</h2>
      {children}
    </section>
  );
}
