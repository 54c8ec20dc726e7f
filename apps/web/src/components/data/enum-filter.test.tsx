import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UrlEnumFilter } from './enum-filter';
import { lastLocation, renderWithProviders } from './testing';
import { useTableUrlState } from './use-table-url-state';

function Harness() {
  const state = useTableUrlState<{ type?: string; sort?: string }>({ filters: ['type'] as const, defaultSort: 'name' });
  return <UrlEnumFilter state={state} name="type" of="facilityType" />;
}

describe('UrlEnumFilter', { timeout: 20_000 }, () => {
  it("offers the enumeration's values by their labels under its label, and keeps the choice in the URL", async () => {
    const user = renderWithProviders(<Harness />, '/?type=SOLAR');
    const select = screen.getByRole('combobox', { name: 'Type' });
    expect(screen.getByText('Solar')).toBeTruthy();
    await user.click(select);
    await user.click(await screen.findByTitle('Wind'));
    expect(new URLSearchParams(lastLocation.search).get('type')).toBe('WIND');
  });
});
