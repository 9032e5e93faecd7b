// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type ConsoleColumn, ConsoleList } from './console-list';

interface Row {
  id: string;
  name: string;
  total: number;
}

const COLUMNS: ConsoleColumn<Row>[] = [
  { header: 'Name', rowHeader: true, cell: (row) => row.name },
  { header: 'Total', className: 'p-2 text-right', cell: (row) => row.total },
];

const pager = (page: number, hasNext: boolean) => ({
  label: 'Pages of rows',
  page,
  hasNext,
  hrefFor: (to: number) => `/admin/rows?page=${to}`,
});

describe('ConsoleList', () => {
  afterEach(cleanup);

  it('lays rows out as a table named by its caption, each row headed by its first cell', () => {
    render(
      <MemoryRouter>
        <ConsoleList
          rows={[
            { id: 'a', name: 'Walker', total: 3 },
            { id: 'b', name: 'Cane', total: 5 },
          ]}
          rowKey={(row) => row.id}
          caption="Rows, page 2"
          columns={COLUMNS}
          emptyMessage="No rows match."
          pager={pager(2, true)}
        />
      </MemoryRouter>,
    );
    const table = screen.getByRole('table', { name: 'Rows, page 2' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Total']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Walker', 'Cane']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['3', '5']);
    expect(screen.queryByText('No rows match.')).toBeNull();
    const pages = screen.getByRole('navigation', { name: 'Pages of rows' });
    expect(within(pages).getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe(
      '/admin/rows?page=1',
    );
    expect(within(pages).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe(
      '/admin/rows?page=3',
    );
  });

  it('says so when nothing matches, as a status, instead of an empty table', () => {
    render(
      <MemoryRouter>
        <ConsoleList
          rows={[]}
          rowKey={(row: Row) => row.id}
          caption="Rows, page 1"
          columns={COLUMNS}
          emptyMessage="No rows match."
          pager={pager(1, false)}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toBe('No rows match.');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Page 1')).toBeTruthy();
  });

  it('lays rich rows out as a list of entries; a plain empty line when it is no news', () => {
    const { rerender } = render(
      <MemoryRouter>
        <ConsoleList
          rows={[{ id: 'a', name: 'Walker', total: 3 }]}
          rowKey={(row) => row.id}
          item={(row) => <a href={`/admin/rows/${row.id}`}>{row.name}</a>}
          emptyMessage="No rows here."
          announceEmpty={false}
          pager={pager(1, false)}
        />
      </MemoryRouter>,
    );
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Walker']);
    rerender(
      <MemoryRouter>
        <ConsoleList
          rows={[] as Row[]}
          rowKey={(row) => row.id}
          item={(row) => row.name}
          emptyMessage="No rows here."
          announceEmpty={false}
          pager={pager(1, false)}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('No rows here.').getAttribute('role')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
