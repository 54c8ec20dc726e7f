import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/data/testing';
import { FindingsFiguresCard } from './findings-figures-card';

beforeEach(() => {
  vi.stubGlobal('fetch', async () =>
    Response.json({ data: { open: 5, openHighSeverity: 2, withOverdueActions: 0, reportPending: 1 } }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the dashboard’s findings figures', () => {
  it('shows each figure as a tile like the other dashboard figures, linked to its list and toned by its count', async () => {
    renderWithProviders(<FindingsFiguresCard />);
    const list = await screen.findByRole('list', { name: 'Findings' });
    const tile = (label: string) => within(list).getByText(label).closest('a')!;
    expect(within(list).getAllByRole('link')).toHaveLength(4);
    expect(tile('Open findings').getAttribute('href')).toBe('/findings?open=true');
    expect(within(tile('Open findings')).getByText('5')).toBeTruthy();
    expect(tile('Open high or critical').className).toContain('dashboard-figure--danger');
    expect(tile('Findings with overdue actions').className).toContain('dashboard-figure--success');
    expect(tile('Agency reports pending').className).toContain('dashboard-figure--warning');
    expect(tile('Open findings').querySelector('.dashboard-figure__icon')).not.toBeNull();
  }, 30_000);
});
