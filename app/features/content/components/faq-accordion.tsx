import { ChevronDown } from 'lucide';
import { Icon } from '~/components/ui/icon';
import type { ReactNode } from 'react';

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

/*
 * Native <details>/<summary>: opens and closes with Enter and Space, is announced as an
 * expandable button with its state, works before JavaScript loads, and browser find-in-page
 * can search the closed answers.
 */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-border rounded-lg border border-border">
      {items.map((item) => (
        <details key={item.question} className="group">
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 rounded-lg px-4 py-3 text-lg font-bold hover:bg-surface [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <Icon
              icon={ChevronDown}
              className="shrink-0 text-brand transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="px-4 pb-4">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
