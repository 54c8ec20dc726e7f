import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportReport } from '@rtms/shared/schemas/requirement-import';
import { TestProviders } from '../../../../components/data/testing';
import { ImportReportTable } from './import-report-table';

const REPORT: ImportReport = {
  dryRun: true,
  skipInvalidRows: false,
  warnings: [],
  summary: { create: 1, update: 1, unchanged: 1, error: 1 },
  rows: [
    {
      row: 2,
      action: 'CREATE',
      title: 'Monthly fire door check',
      errors: [],
      dueDates: [{ facilityCode: 'PW-01', dueDates: ['2026-03-31', '2026-04-30', '2026-06-01'] }],
    },
    { row: 3, action: 'UPDATE', requirementId: 'r2', title: 'Yearly stack test', errors: [], dueDates: [] },
    { row: 4, action: 'UNCHANGED', requirementId: 'r3', title: 'Weekly eyewash flush', errors: [], dueDates: [] },
    {
      row: 5,
      action: 'ERROR',
      title: 'Ladder inspection',
      errors: [{ column: 'Facility codes', message: 'Unknown facility code "PW-1" — did you mean "PW-01"?' }],
      dueDates: [],
    },
  ],
};

const bodyRows = () => screen.getAllByRole('row').slice(1);

describe('ImportReportTable', { timeout: 20_000 }, () => {
  it('opens on the rows with errors, naming the column, and filters by action', () => {
    render(
      <TestProviders>
        <ImportReportTable report={REPORT} />
      </TestProviders>,
    );
    expect(bodyRows()).toHaveLength(1);
    const errorRow = bodyRows()[0]!;
    expect(within(errorRow).getByText('Facility codes')).toBeTruthy();
    expect(within(errorRow).getByText(/did you mean "PW-01"/)).toBeTruthy();

    fireEvent.click(screen.getByText('Create (1)'));
    expect(bodyRows()).toHaveLength(1);
    expect(within(bodyRows()[0]!).getByText(/2026-03-31, 2026-04-30, 2026-06-01/)).toBeTruthy();

    fireEvent.click(screen.getByText('All (4)'));
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['2', '3', '4', '5']);
  });

  it('shows every row when nothing failed', () => {
    render(
      <TestProviders>
        <ImportReportTable
          report={{ ...REPORT, summary: { ...REPORT.summary, error: 0 }, rows: REPORT.rows.slice(0, 3) }}
        />
      </TestProviders>,
    );
    expect(bodyRows()).toHaveLength(3);
  });
});
