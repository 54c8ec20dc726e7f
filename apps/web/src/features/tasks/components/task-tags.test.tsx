import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../../components/data/testing';
import { TaskTags } from './task-tags';

const open = {
  status: 'INCOMPLETE' as const,
  overdue: false,
  dueSoon: false,
  notApplicableReason: null,
  timeliness: null,
};

function textOf(task: Parameters<typeof TaskTags>[0]['task']): string {
  const { container, unmount } = render(
    <TestProviders>
      <TaskTags task={task} />
    </TestProviders>,
  );
  const text = container.textContent ?? '';
  unmount();
  return text;
}

describe('TaskTags', () => {
  it('says in words what colour also shows: overdue, due soon, open, not applicable', () => {
    expect(textOf({ ...open, overdue: true })).toBe('Overdue');
    expect(textOf({ ...open, dueSoon: true })).toBe('Due soon');
    expect(textOf(open)).toBe('Open');
    expect(textOf({ ...open, overdue: true, notApplicableReason: 'Shut down' })).toBe('Not applicable');
  });

  it('shows the recorded timeliness of a completed task', () => {
    expect(textOf({ ...open, status: 'COMPLETED', timeliness: 'LATE' })).toBe('CompletedLate');
    render(
      <TestProviders>
        <TaskTags task={{ ...open, status: 'COMPLETED', timeliness: 'MISSED' }} />
      </TestProviders>,
    );
    expect(screen.getByText('Missed')).toBeTruthy();
    expect(screen.getByText('Completed')).toBeTruthy();
  });
});
