import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ColumnCard, columnChoiceKey, type ChoosableColumns } from './column-choice';
import { ServerTable } from './server-table';
import { TestProviders } from './testing';
import { useTableUrlState } from './use-table-url-state';

interface Row {
  _id: string;
  title: string;
  agency: string;
  link: string;
}

const ROWS: Row[] = [{ _id: 'a', title: 'Clean Water Act', agency: 'EPA', link: 'https://example.com/cwa' }];
const COLUMNS: ChoosableColumns<Row> = [
  { title: 'Title', key: 'title', dataIndex: 'title' },
  { title: 'Agency', key: 'agency', dataIndex: 'agency', optional: true },
  { title: 'Link', key: 'link', dataIndex: 'link', optional: true, defaultHidden: true },
];

function Harness({ userId }: { userId: string }) {
  const state = useTableUrlState({ filters: [] as const, defaultSort: 'title' });
  return (
    <ServerTable<Row, never>
      state={state}
      result={{
        data: { data: ROWS, meta: { total: 1, page: 1, pageSize: 20 } },
        isPending: false,
        isFetching: false,
        error: null,
        refetch: () => undefined,
      }}
      columns={COLUMNS}
      columnChoice={{ id: 'regulations', userId }}
      rowKey="_id"
      label="Regulations"
      empty={<span>None</span>}
    />
  );
}

const headers = () =>
  within(screen.getByRole('table', { name: 'Regulations' }))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent)
    .filter(Boolean);

afterEach(() => window.localStorage.clear());

describe('column chooser', () => {
  it('leaves default-hidden columns out of the table and shows them in the row’s detail', async () => {
    render(
      <TestProviders>
        <Harness userId="u1" />
      </TestProviders>,
    );
    expect(headers()).toEqual(['Title', 'Agency']);
    await userEvent.click(screen.getByRole('button', { name: /expand row/i }));
    const detail = document.querySelector('.column-detail');
    expect(detail?.textContent).toContain('Link');
    expect(detail?.textContent).toContain('https://example.com/cwa');
  });

  it('remembers each user’s choice in local storage', async () => {
    const { unmount } = render(
      <TestProviders>
        <Harness userId="u1" />
      </TestProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Link' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Agency' }));
    expect(headers()).toEqual(['Title', 'Link']);
    expect(JSON.parse(window.localStorage.getItem(columnChoiceKey('u1', 'regulations')) ?? '[]')).toEqual(['link']);
    unmount();

    // The same user sees the choice again; another user of the same browser has the defaults.
    const again = render(
      <TestProviders>
        <Harness userId="u1" />
      </TestProviders>,
    );
    expect(headers()).toEqual(['Title', 'Link']);
    again.unmount();
    render(
      <TestProviders>
        <Harness userId="u2" />
      </TestProviders>,
    );
    expect(headers()).toEqual(['Title', 'Agency']);
  });

  it('makes a phone card of every column, the first as its heading', () => {
    render(
      <TestProviders>
        <ColumnCard columns={COLUMNS} row={ROWS[0]!} index={0} />
      </TestProviders>,
    );
    expect(document.querySelector('.column-card__heading')?.textContent).toBe('Clean Water Act');
    expect(screen.getByText('Agency')).toBeTruthy();
    expect(screen.getByText('https://example.com/cwa')).toBeTruthy();
  });
});
