import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from './data/testing';
import { TaskTags } from './task-tags';

const open = { state: 'OPEN' as const, timeliness: null };

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
  it('says in words what colour also shows: upcoming, open, due soon, overdue, not applicable', () => {
    expect(textOf({ ...open, state: 'UPCOMING' })).toBe('Upcoming');
    expect(textOf(open)).toBe('Open');
    expect(textOf({ ...open, state: 'DUE_SOON' })).toBe('Due soon');
    expect(textOf({ ...open, state: 'OVERDUE' })).toBe('Overdue');
    expect(textOf({ ...open, state: 'NOT_APPLICABLE' })).toBe('Not applicable');
  });

  it('shows the recorded timeliness of a completed task', () => {
    expect(textOf({ ...open, state: 'COMPLETED', timeliness: 'LATE' })).toBe('CompletedLate');
    render(
      <TestProviders>
        <TaskTags task={{ ...open, state: 'COMPLETED', timeliness: 'MISSED' }} />
      </TestProviders>,
    );
    expect(screen.getByText('Missed')).toBeTruthy();
    expect(screen.getByText('Completed')).toBeTruthy();
  });
});
