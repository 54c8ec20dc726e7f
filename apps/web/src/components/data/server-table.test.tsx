import { screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerTable } from './server-table';
import { lastLocation, renderWithProviders } from './testing';
import { useTableUrlState } from './use-table-url-state';

interface Row {
  _id: string;
  name: string;
  kind: string;
}

const ROWS: Row[] = Array.from({ length: 45 }, (_, index) => ({
  _id: `r${index}`,
  name: `Facility ${String(index).padStart(2, '0')}`,
  kind: index % 2 ? 'WIND' : 'SOLAR',
}));

/** A fake server: search, filter, sort and paginate ROWS. */
function serve(query: Record<string, string | number | undefined>) {
  let rows = ROWS.filter((row) => !query.search || row.name.includes(String(query.search)));
  if (query.kind) rows = rows.filter((row) => row.kind === query.kind);
  if (query.sort === '-name') rows = [...rows].reverse();
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.pageSize ?? 20);
  return { data: rows.slice((page - 1) * pageSize, page * pageSize), meta: { total: rows.length, page, pageSize } };
}

const calls: Record<string, string | number | undefined>[] = [];

function Harness({ empty = 'No facilities yet' }: { empty?: string }) {
  const state = useTableUrlState<{ kind?: string; sort?: string }>({ filters: ['kind'] as const, defaultSort: 'name' });
  const result = useQuery({
    queryKey: ['rows', state.query],
    queryFn: async () => {
      calls.push(state.query);
      return serve(state.query);
    },
  });
  const columns: ColumnsType<Row> = [
    { title: 'Name', key: 'name', dataIndex: 'name', sorter: true },
    { title: 'Kind', key: 'kind', dataIndex: 'kind' },
  ];
  return (
    <ServerTable<Row, 'kind'>
      state={state}
      result={result}
      columns={columns}
      rowKey="_id"
      label="Facilities"
      searchLabel="Search facilities"
      filters={
        <button type="button" onClick={() => state.setFilter('kind', 'WIND')}>
          Only wind
        </button>
      }
      exportOptions={{
        fileName: 'facilities',
        columns: [{ header: 'Name', value: (row) => row.name }],
        fetchPage: async (page, pageSize) => serve({ ...state.query, page, pageSize }),
      }}
      empty={<span>{empty}</span>}
    />
  );
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('ServerTable', { timeout: 20_000 }, () => {
  beforeEach(() => {
    calls.length = 0;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the page the server answered, with the total, and pages through the server', async () => {
    const user = renderWithProviders(<Harness />, '/facilities');
    await screen.findByText('Facility 00');
    expect(rowNames()).toHaveLength(20);
    expect(screen.getByText('1–20 of 45')).toBeTruthy();
    await user.click(screen.getByTitle('2'));
    await screen.findByText('Facility 20');
    expect(new URLSearchParams(lastLocation.search).get('page')).toBe('2');
    expect(calls.at(-1)).toMatchObject({ page: 2, pageSize: 20, sort: 'name' });
  });

  it('sorts on the server through the URL', async () => {
    const user = renderWithProviders(<Harness />, '/facilities');
    await screen.findByText('Facility 00');
    await user.click(screen.getByRole('columnheader', { name: /Name/ }));
    await screen.findByText('Facility 44');
    expect(new URLSearchParams(lastLocation.search).get('sort')).toBe('-name');
    expect(rowNames()[0]).toBe('Facility 44');
  });

  it('debounces the search, keeps it in the URL and asks the server once', async () => {
    const user = renderWithProviders(<Harness />, '/facilities');
    await screen.findByText('Facility 00');
    await user.type(screen.getByRole('searchbox', { name: 'Search facilities' }), 'ity 3');
    await waitFor(() => expect(new URLSearchParams(lastLocation.search).get('search')).toBe('ity 3'));
    await waitFor(() =>
      expect(rowNames()).toEqual(Array.from({ length: 10 }, (_, index) => `Facility 3${index}`)),
      { timeout: 3000 },
    );
    expect(calls.filter((call) => call.search !== undefined).map((call) => call.search)).toEqual(['ity 3']);
  });

  it('restores search and filters from the URL', async () => {
    renderWithProviders(<Harness />, '/facilities?search=Facility%201&kind=WIND');
    await screen.findByText('Facility 11');
    expect((screen.getByRole('searchbox', { name: 'Search facilities' }) as HTMLInputElement).value).toBe('Facility 1');
    expect(rowNames()).toEqual(['Facility 11', 'Facility 13', 'Facility 15', 'Facility 17', 'Facility 19']);
  });

  it('tells "nothing matches" (with a way to clear the filters) from "nothing yet"', async () => {
    const user = renderWithProviders(<Harness />, '/facilities?search=zzz');
    await screen.findByText('Nothing matches this search and these filters');
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await screen.findByText('Facility 00');
    expect(lastLocation.search).toBe('');
  });

  it('shows the empty state of an empty list', async () => {
    renderWithProviders(<Harness empty="No facilities yet" />, '/facilities?kind=NONE');
    // A filter is set: the "no results" state, not the "nothing yet" one.
    await screen.findByText('Nothing matches this search and these filters');
    expect(screen.queryByText('No facilities yet')).toBeNull();
  });

  it('exports every row of the current filter as CSV', async () => {
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:test';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = renderWithProviders(<Harness />, '/facilities?kind=WIND');
    await screen.findByText('Facility 01');
    await user.click(screen.getByRole('button', { name: /Export/ }));
    await user.click(await screen.findByText('CSV (.csv)'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Name');
    expect(lines).toHaveLength(23);
    await screen.findByText('Exported 22 rows');
  });
});
