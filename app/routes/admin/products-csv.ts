import { productCsvChunks } from '~/features/catalog/import/product-export.server';
import { CONSOLE_HEADERS } from '~/console/console';
import { noFormAction, requireStaff } from '~/console/staff-access.server';
import type { Route } from './+types/products-csv';

/** The whole catalogue (drafts included) as CSV, streamed a thousand products at a time. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaff(context, request);
  const chunks = productCsvChunks(context.services.database.db);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      ...CONSOLE_HEADERS,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="products-${day}.csv"`,
    },
  });
}

export const action = noFormAction;
