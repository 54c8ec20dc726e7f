import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CalendarDay } from '@rtms/shared/schemas/calendar';
import type { Task } from '@rtms/shared/schemas/tasks';
import type { TaskState } from '@rtms/shared/task-state';
import { TestProviders } from '../../../components/data/testing';
import { rangeOf } from './calendar-range';
import { DayGrid } from './day-grid';
import { mayMoveTask } from './may-move-task';

const task = (id: string, dueDate: string, state: TaskState): Task =>
  ({ _id: id, title: `Task ${id}`, facilityName: 'North Ridge', dueDate, state }) as Task;

const day = (date: string, total: number): CalendarDay => ({
  date,
  total,
  byState: { UPCOMING: 0, OPEN: total, DUE_SOON: 0, OVERDUE: 0, PENDING_REVIEW: 0, COMPLETED: 0, NOT_APPLICABLE: 0 },
});

function renderGrid(role: 'FACILITY_USER' | 'FACILITY_ADMIN', tasks: Task[], counts: CalendarDay[]) {
  const byDay = new Map<string, Task[]>();
  for (const item of tasks) byDay.set(item.dueDate, [...(byDay.get(item.dueDate) ?? []), item]);
  return render(
    <TestProviders>
      <DayGrid
        ariaLabel="November 2026"
        days={rangeOf('month', '2026-11-10').days}
        month="2026-11"
        today="2026-11-10"
        counts={new Map(counts.map((entry) => [entry.date, entry]))}
        tasksByDay={byDay}
        perDay={3}
        canMove={(item) => mayMoveTask(role, item)}
        onMove={() => undefined}
        onMore={() => undefined}
      />
    </TestProviders>,
  );
}

describe('DayGrid', () => {
  it('shows three tasks of a crowded day and "+N more" for the rest, counted by the server', () => {
    const tasks = ['a', 'b', 'c', 'd'].map((id) => task(id, '2026-11-12', 'OPEN'));
    // The day has 9 tasks; 4 were loaded, 3 are shown.
    renderGrid('FACILITY_ADMIN', tasks, [day('2026-11-12', 9)]);
    expect(screen.getAllByRole('link')).toHaveLength(3);
    expect(screen.getByRole('button', { name: '+6 more' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: /Thursday, November 12, 2026: 9 tasks/ })).toBeTruthy();
  });

  it('lets those who may reschedule drag open tasks only, and no one else', () => {
    const tasks = [
      task('open', '2026-11-12', 'OPEN'),
      task('late', '2026-11-13', 'OVERDUE'),
      task('done', '2026-11-14', 'COMPLETED'),
      task('exempt', '2026-11-15', 'NOT_APPLICABLE'),
    ];
    const counts = tasks.map((item) => day(item.dueDate, 1));
    const { unmount } = renderGrid('FACILITY_ADMIN', tasks, counts);
    const draggable = (id: string) =>
      screen.getByRole('link', { name: new RegExp(`Task ${id},`) }).getAttribute('draggable');
    expect([draggable('open'), draggable('late'), draggable('done'), draggable('exempt')]).toEqual([
      'true',
      'true',
      'false',
      'false',
    ]);
    unmount();
    renderGrid('FACILITY_USER', tasks, counts);
    expect(draggable('open')).toBe('false');
    expect(screen.getByRole('link', { name: 'Task late, North Ridge: Overdue' })).toBeTruthy();
  });
});
