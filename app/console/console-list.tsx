import type { ReactNode } from 'react';
import { ConsolePager } from './console-pager';

/** One column of a console table: its heading, and what each row shows under it. */
export interface ConsoleColumn<Row> {
  /** The column heading: text, or a visually hidden label ("Actions"). */
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The row's own heading cell (`<th scope="row">`): screen readers name each cell by it. */
  rowHeader?: boolean;
  /** Classes of the heading cell; those of the body cells when `cellClassName` is not given. */
  className?: string;
  cellClassName?: string;
}

interface TableLayout<Row> {
  /** Read by screen readers only: what the table holds and which page ("Orders, page 2"). */
  caption: ReactNode;
  columns: readonly ConsoleColumn<Row>[];
  tableClassName?: string;
}

interface ItemLayout<Row> {
  /** One entry of a list, for rows too rich for a table (a message, a review to moderate). */
  item: (row: Row) => ReactNode;
  itemClassName?: string;
}

export interface ConsolePaging {
  /** Names the pager's navigation: "Pages of orders". */
  label: string;
  page: number;
  hasNext: boolean;
  hrefFor: (page: number) => string;
}

type ConsoleListProps<Row> = {
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /**
   * Shown instead of the table or list when there are no rows. Without it an empty list stays on
   * the page: the pages that count their matches above the list ("0 messages found") say it there.
   */
  emptyMessage?: string;
  /** The empty message is a status (read out when a search finds nothing); false for a plain line. */
  announceEmpty?: boolean;
  /** The pages below the list; left out for a list that is always whole (campaigns). */
  pager?: ConsolePaging;
} & (TableLayout<Row> | ItemLayout<Row>);

const DEFAULT_CELL = 'p-2';

/**
 * Every console list: its rows as a table (or a list of entries), the empty state, and the pages
 * below, as links that work before JavaScript loads. One component so that each list names its
 * rows, columns and pages the same way for keyboards and screen readers (ADR 0043).
 */
export function ConsoleList<Row>(props: ConsoleListProps<Row>) {
  const { rows, rowKey, emptyMessage, announceEmpty = true, pager } = props;
  let body: ReactNode;
  if (rows.length === 0 && emptyMessage !== undefined) {
    body = <p role={announceEmpty ? 'status' : undefined}>{emptyMessage}</p>;
  } else if ('columns' in props) {
    body = <ConsoleTable {...props} />;
  } else {
    body = (
      <ul className="divide-y divide-border border-y border-border">
        {rows.map((row) => (
          <li key={rowKey(row)} className={props.itemClassName}>
            {props.item(row)}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <>
      {body}
      {pager ? <ConsolePager {...pager} /> : null}
    </>
  );
}

function ConsoleTable<Row>({
  rows,
  rowKey,
  caption,
  columns,
  tableClassName = 'w-full min-w-[40rem] text-left',
}: TableLayout<Row> & { rows: readonly Row[]; rowKey: (row: Row) => string }) {
  return (
    <div className="overflow-x-auto">
      <table className={tableClassName}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b-2 border-border">
            {columns.map((column, index) => (
              <th key={index} scope="col" className={column.className ?? DEFAULT_CELL}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-border align-top">
              {columns.map((column, index) => {
                const className = column.cellClassName ?? column.className ?? DEFAULT_CELL;
                return column.rowHeader ? (
                  <th key={index} scope="row" className={className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={index} className={className}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
