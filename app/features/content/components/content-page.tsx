import type { ReactNode } from 'react';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';

interface ContentPageProps {
  /** The page's only h1; also the last breadcrumb. */
  title: string;
  /** A sentence or two under the heading saying what the page covers. */
  intro?: ReactNode;
  /** Formal policies show the date they last changed. */
  lastUpdated?: { label: string; iso: string };
  children: ReactNode;
}

/*
 * Body text styles for everything a page puts inside: paragraphs, lists and links. A line
 * length of about 70 characters and generous spacing keep long policies easy to follow.
 */
const prose = [
  'mt-8 space-y-10',
  '[&_p]:mt-3 [&_p]:max-w-prose',
  '[&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ul_ul]:mt-2 [&_ul_ul]:list-[circle]',
  '[&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_a]:font-bold [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-2',
  '[&_a:hover]:text-brand-strong',
].join(' ');

/** Layout of every content and policy page: breadcrumb, one h1, readable prose. */
export function ContentPage({ title, intro, lastUpdated, children }: ContentPageProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <Breadcrumbs items={[{ label: 'Home', href: '/' }, { label: title }]} />
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">{title}</h1>
      {lastUpdated ? (
        <p className="mt-2 text-muted">
          Last updated: <time dateTime={lastUpdated.iso}>{lastUpdated.label}</time>
        </p>
      ) : null}
      {intro ? <p className="mt-4 max-w-prose text-lg">{intro}</p> : null}
      <div className={prose}>{children}</div>
    </div>
  );
}
