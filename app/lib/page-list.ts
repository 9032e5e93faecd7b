/** Splitting a list into numbered pages, and the page links to show. */

export interface Page<T> {
  items: T[];
  page: number;
  totalPages: number;
  total: number;
}

/** One page of a list; a page beyond the end shows the last page. */
export function paginate<T>(items: readonly T[], page: number, pageSize: number): Page<T> {
  const totalPages = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), totalPages);
  const start = (current - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), page: current, totalPages, total: items.length };
}

export type PageListEntry = number | 'ellipsis-start' | 'ellipsis-end';

/** First page, a window around the current one, last page; an ellipsis for each gap. */
export function pageList(current: number, totalPages: number, window = 1): PageListEntry[] {
  if (totalPages <= 1) return [1];
  const from = Math.max(2, current - window);
  const to = Math.min(totalPages - 1, current + window);
  const entries: PageListEntry[] = [1];
  if (from > 2) entries.push('ellipsis-start');
  for (let page = from; page <= to; page++) entries.push(page);
  if (to < totalPages - 1) entries.push('ellipsis-end');
  entries.push(totalPages);
  return entries;
}
