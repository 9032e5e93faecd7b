import { exportOrders } from '~/features/orders/order-admin.server';
import { orderCsvHeader, orderCsvRow } from '~/features/orders/order-csv';
import { orderSearchFromUrl } from '~/features/orders/order-search-params';
import { CONSOLE_HEADERS } from '~/console/console';
import { noFormAction, requireStaff } from '~/console/staff-access.server';
import type { Route } from './+types/orders-csv';

/** The orders of the list's search as CSV, streamed a thousand rows at a time. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaff(context, request);
  const search = orderSearchFromUrl(new URL(request.url));
  const rows = exportOrders(context.services.database.db, search);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(orderCsvHeader()));
    },
    async pull(controller) {
      const next = await rows.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map(orderCsvRow).join('')));
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      ...CONSOLE_HEADERS,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="orders-${day}.csv"`,
    },
  });
}

export const action = noFormAction;
