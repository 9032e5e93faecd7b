import { formatPrice } from '~/commerce/money';
import type { QuoteView } from '../quotes.server';

/** A quote's lines: units, the list price when asked, and staff's price once given. */
export function QuoteLines({ quote }: { quote: QuoteView }) {
  return (
    <table className="w-full text-left">
      <caption className="sr-only">{`Products in quote ${quote.reference}`}</caption>
      <thead className="border-b border-border">
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Units</th>
          <th scope="col">List price</th>
          <th scope="col">Quoted price</th>
          <th scope="col">Line total</th>
        </tr>
      </thead>
      <tbody>
        {quote.lines.map((line) => (
          <tr key={line.id}>
            <th scope="row" className="font-normal">
              {line.name}
            </th>
            <td>{line.quantity}</td>
            <td>{formatPrice(line.listPrice)}</td>
            <td>{line.quotedPrice === null ? 'Not priced yet' : formatPrice(line.quotedPrice)}</td>
            <td>{line.quotedPrice === null ? '-' : formatPrice(line.quotedPrice * line.quantity)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
