import type { CSSProperties } from 'react';
import { FallbackImage } from '~/components/ui/fallback-image';
import { Link } from 'react-router';
import { linkButton } from '~/components/ui/button-styles';
import { PLACEHOLDER_IMAGE } from '~/commerce/catalogue/catalog';
import type { CompareRow } from '../compare';
import type { Comparison } from '../compare.server';
import type { CardControls } from './product-card';

interface CompareTableProps {
  comparison: Comparison;
  onlyDifferences: boolean;
  AddToCart: CardControls['AddToCart'];
  onRemove: (index: number) => void;
}

const cell = 'border-b border-border p-2 align-top sm:p-3';
// The names column stays in view while a wide table scrolls sideways (narrower on a phone).
const namesColumn = 'sticky left-0 z-10 w-32 sm:w-48';
const rowHeader = `${cell} ${namesColumn} text-left font-bold`;

function Row({ row }: { row: CompareRow }) {
  return (
    <tr>
      <th scope="row" className={`${rowHeader} ${row.differs ? 'bg-surface' : 'bg-bg'}`}>
        {row.name}
        {/* Said in words, not only shown in colour: screen readers hear it with the row's name. */}
        {row.differs ? (
          <span className="mt-1 block w-fit rounded bg-amber-300 px-2 text-sm text-black">Differs</span>
        ) : null}
      </th>
      {row.values.map((value, index) => (
        <td key={index} className={`${cell} ${row.differs ? 'bg-surface' : ''}`}>
          {value ?? <span className="text-muted italic">Not listed</span>}
        </td>
      ))}
    </tr>
  );
}

/**
 * One column per product, one row per specification. Remove is a plain form, so it works
 * before the page is interactive and without scripts; once interactive it also updates the
 * device's selection. The table scrolls sideways inside its own labelled, focusable region
 * when the window is narrower than the products; the page itself never does.
 */
export function CompareTable({ comparison, onlyDifferences, AddToCart, onRemove }: CompareTableProps) {
  const { columns, groups } = comparison;
  const ids = columns.map((c) => c.id);
  const shownGroups = groups
    .map((group) => ({ ...group, rows: group.rows.filter((row) => !onlyDifferences || row.differs) }))
    .filter((group) => group.rows.length > 0);

  return (
    <div
      role="region"
      aria-labelledby="compare-caption"
      // A region that scrolls must be reachable by keyboard to be scrolled (WCAG 2.1.1).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="relative mt-4 max-w-full overflow-x-auto rounded-lg border border-border"
    >
      {/* Equal product columns, at least 6.5rem wide on a phone (two fit at 375 px) and 9rem
          above: a window narrower than that scrolls the region. */}
      <table
        className="w-full min-w-[calc(8rem+var(--columns)*6.5rem)] table-fixed border-collapse text-left hyphens-auto sm:min-w-[calc(12rem+var(--columns)*9rem)]"
        style={{ '--columns': columns.length } as CSSProperties}
      >
        <caption id="compare-caption" className="sr-only">
          {`Comparison of ${columns.map((c) => c.name).join(', ')}`}
        </caption>
        <thead>
          <tr>
            <td className={`${cell} ${namesColumn} bg-bg`} />
            {columns.map((column) => (
              <th key={column.id} scope="col" className={cell}>
                <FallbackImage
                  src={column.image}
                  alt=""
                  width={96}
                  height={96}
                  fallbackSrc={PLACEHOLDER_IMAGE}
                  className="mb-2 aspect-square h-auto w-full max-w-24 rounded-md bg-surface object-contain"
                />
                <Link to={column.link} className="underline underline-offset-2 hover:text-brand">
                  {column.name}
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row" className={`${rowHeader} bg-bg`}>
              <span className="sr-only">Buy or remove</span>
            </th>
            {columns.map((column, index) => (
              <td key={column.id} className={cell}>
                <div className="flex flex-col items-start gap-2">
                  <AddToCart product={column.card} label="Add" className="w-full" />
                  <form
                    method="get"
                    action="/compare"
                    onSubmit={(event) => {
                      event.preventDefault();
                      onRemove(index);
                    }}
                  >
                    {ids.length > 1 ? (
                      <input
                        type="hidden"
                        name="ids"
                        value={ids.filter((id) => id !== column.id).join(',')}
                      />
                    ) : null}
                    <button type="submit" data-remove className={linkButton}>
                      Remove<span className="sr-only"> {column.name} from comparison</span>
                    </button>
                  </form>
                </div>
              </td>
            ))}
          </tr>
        </tbody>
        {shownGroups.map((group) => (
          <tbody key={group.title}>
            <tr>
              <th scope="rowgroup" colSpan={columns.length + 1} className="bg-surface p-3 text-lg font-bold">
                {group.title}
              </th>
            </tr>
            {group.rows.map((row) => (
              <Row key={row.name} row={row} />
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
