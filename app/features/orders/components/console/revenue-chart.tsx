import { formatPrice } from '~/commerce/money';

/**
 * Daily revenue as bars drawn on the server (no chart library in the browser), with the same
 * figures in a table for screen readers and anyone who wants the numbers.
 */
export function RevenueChart({ daily }: { daily: { day: string; revenue: number; orders: number }[] }) {
  const max = Math.max(1, ...daily.map((d) => d.revenue));
  const width = 600;
  const height = 160;
  const bar = width / daily.length;
  const total = daily.reduce((sum, d) => sum + d.revenue, 0);
  const best = daily.reduce(
    (a, b) => (b.revenue > a.revenue ? b : a),
    daily[0] ?? { day: '', revenue: 0, orders: 0 },
  );
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-40 w-full text-brand"
        role="img"
        aria-label={`Daily revenue over ${daily.length} days: ${formatPrice(total)} in all, highest ${formatPrice(best.revenue)} on ${best.day}.`}
        preserveAspectRatio="none"
      >
        {daily.map((d, i) => {
          const h = Math.round((d.revenue / max) * (height - 4));
          return (
            <rect key={d.day} x={i * bar + 1} y={height - h} width={bar - 2} height={h} fill="currentColor" />
          );
        })}
      </svg>
      <figcaption>
        <details>
          <summary className="cursor-pointer font-bold">Revenue by day as a table</summary>
          <table className="mt-2 w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Orders</th>
                <th scope="col" className="text-right">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {daily.map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="font-normal">
                    {d.day}
                  </th>
                  <td>{d.orders}</td>
                  <td className="text-right">{formatPrice(d.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </figcaption>
    </figure>
  );
}
