import { listAudit } from '~/console/audit.server';
import { AuditLog } from '~/features/staff/components/audit-log';
import { CONSOLE_HEADERS, consoleMeta, dayStart, pageParam, searchText } from '~/console/console';
import { noFormAction, requireStaff } from '~/console/staff-access.server';
import type { Route } from './+types/audit';

const TYPES = new Set([
  'order',
  'product',
  'user',
  'campaign',
  'subscriber',
  'contact',
  'review',
  'job',
  'return',
  'quote',
  'promotion',
  'webhook',
  'setting',
  'invoice',
  'tax_certificate',
  'refill_plan',
]);

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaff(context, request);
  const params = new URL(request.url).searchParams;
  const text = (name: string, max: number) => searchText(params.get(name), max);
  const type = text('type', 20);
  const search = {
    actor: text('actor', 100),
    targetType: TYPES.has(type) ? type : '',
    target: text('target', 120),
    fromDay: dayStart(params.get('from')) === undefined ? '' : text('from', 10),
    toDay: dayStart(params.get('to')) === undefined ? '' : text('to', 10),
  };
  const page = pageParam(params.get('page'));
  const { entries, hasNext } = await listAudit(
    context.services.database.db,
    {
      actor: search.actor || undefined,
      targetType: search.targetType || undefined,
      target: search.target || undefined,
      from: dayStart(search.fromDay),
      to: dayStart(search.toDay, 1),
    },
    page,
  );
  return { entries, search, page, hasNext };
}

export const action = noFormAction;

export const headers: Route.HeadersFunction = () => CONSOLE_HEADERS;
export const meta: Route.MetaFunction = () => consoleMeta('Audit log');

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  return <AuditLog {...loaderData} />;
}
