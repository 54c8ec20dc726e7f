import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequirementPreview } from '@rtms/shared/schemas/requirements';
import { TestProviders } from '../data/testing';
import { RequirementPreviewDiff } from './requirement-preview-diff';

const PREVIEW: RequirementPreview = {
  added: [
    {
      facilityId: 'f1',
      facilityName: 'Prairie Wind',
      sequence: 4,
      periodLabel: '2026-Q3',
      scheduledDueDate: '2026-07-31',
      dueDate: '2026-07-31',
    },
  ],
  moved: [
    {
      taskId: 't1',
      facilityId: 'f2',
      facilityName: 'Desert Sun',
      sequence: 1,
      periodLabel: '2026-Q2',
      from: '2026-04-30',
      to: '2026-05-29',
    },
  ],
  removed: [
    {
      taskId: 't2',
      facilityId: 'f1',
      facilityName: 'Prairie Wind',
      sequence: 2,
      periodLabel: '2026-06',
      dueDate: '2026-06-30',
    },
    {
      taskId: 't3',
      facilityId: 'f1',
      facilityName: 'Prairie Wind',
      sequence: 3,
      periodLabel: '2026-07',
      dueDate: '2026-07-31',
    },
  ],
};

describe('RequirementPreviewDiff', () => {
  it('lists the tasks a save adds, moves (old and new due date) and removes, with counts', () => {
    render(
      <TestProviders>
        <RequirementPreviewDiff preview={PREVIEW} />
      </TestProviders>,
    );
    const summary = screen.getByRole('status', { name: 'Summary of task changes' });
    expect(summary.textContent).toContain('1 task added');
    expect(summary.textContent).toContain('1 task moved');
    expect(summary.textContent).toContain('2 tasks removed');

    const added = screen.getByRole('table', { name: 'Added (1)' });
    expect(within(added).getByText('Prairie Wind')).toBeTruthy();
    expect(within(added).getByText('2026-Q3')).toBeTruthy();
    expect(within(added).getByText('Jul 31, 2026')).toBeTruthy();
    // Occurrences are numbered from 1 for people (the API counts from 0).
    expect(within(added).getByText('5')).toBeTruthy();

    const moved = screen.getByRole('table', { name: 'Moved (1)' });
    expect(within(moved).getByText('Apr 30, 2026')).toBeTruthy();
    expect(within(moved).getByText('May 29, 2026')).toBeTruthy();
    expect(within(moved).getByText('Due now')).toBeTruthy();
    expect(within(moved).getByText('Due after saving')).toBeTruthy();

    const removed = screen.getByRole('table', { name: 'Removed (2)' });
    expect(within(removed).getAllByText('Prairie Wind')).toHaveLength(2);
    expect(within(removed).getByText('Jun 30, 2026')).toBeTruthy();
    expect(screen.getByText(/never changed/)).toBeTruthy();
  });

  it('says so when a save changes no task', () => {
    render(
      <TestProviders>
        <RequirementPreviewDiff preview={{ added: [], moved: [], removed: [] }} />
      </TestProviders>,
    );
    expect(screen.getByText('This change adds, moves or removes no task.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
