import { dayStart, searchText } from '~/console/console';
import { type OrderSearch, orderFilterOf } from './order-admin';

/** The console's order search as the URL carries it (so a search can be bookmarked and shared). */
export function orderSearchFromUrl(url: URL): OrderSearch & { fromDay: string; toDay: string } {
  const params = url.searchParams;
  const fromDay = params.get('from') ?? '';
  const toDay = params.get('to') ?? '';
  return {
    q: searchText(params.get('q')),
    filter: orderFilterOf(params.get('status')),
    from: dayStart(fromDay),
    // Through the end of the "to" day.
    to: dayStart(toDay, 1),
    fromDay: dayStart(fromDay) === undefined ? '' : fromDay,
    toDay: dayStart(toDay) === undefined ? '' : toDay,
  };
}

export function orderSearchQuery(
  search: { q: string; filter: string; fromDay: string; toDay: string },
  page?: number,
) {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.filter !== 'all') params.set('status', search.filter);
  if (search.fromDay) params.set('from', search.fromDay);
  if (search.toDay) params.set('to', search.toDay);
  if (page && page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
