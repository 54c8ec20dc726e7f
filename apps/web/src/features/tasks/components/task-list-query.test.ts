import { describe, expect, it } from 'vitest';
import { DEFAULT_STATES, stateParamOf, statesOf, taskApiQuery } from './task-list-query';

describe('the Tracker address → API query', () => {
  it('opens on open work (no upcoming, completed or not applicable) when the address names no state', () => {
    expect(DEFAULT_STATES).toEqual(['DUE_SOON', 'OPEN', 'OVERDUE']);
    expect(taskApiQuery({ page: 1, pageSize: 20, sort: 'dueDate' })).toEqual({
      page: 1,
      pageSize: 20,
      sort: 'dueDate',
      state: 'DUE_SOON,OPEN,OVERDUE',
    });
  });

  it('gives the same query for the same address, in any order of states', () => {
    expect(taskApiQuery({ state: 'OVERDUE,OPEN' })).toEqual(taskApiQuery({ state: 'OPEN,OVERDUE,OPEN' }));
    expect(taskApiQuery({ state: 'OVERDUE,OPEN' })).toEqual({ state: 'OPEN,OVERDUE' });
  });

  it('sends no state for state=ALL, nor when a status alone chooses', () => {
    expect(taskApiQuery({ state: 'ALL', facilityId: 'f1' })).toEqual({ facilityId: 'f1' });
    expect(taskApiQuery({ status: 'COMPLETED' })).toEqual({ status: 'COMPLETED' });
    expect(statesOf({ state: 'COMPLETED', status: 'COMPLETED' })).toEqual(['COMPLETED']);
  });

  it('ignores unknown states rather than sending them', () => {
    expect(statesOf({ state: 'BOGUS' })).toEqual(DEFAULT_STATES);
    expect(statesOf({ state: 'BOGUS,UPCOMING' })).toEqual(['UPCOMING']);
  });

  it('writes the default selection as no parameter and an empty one as ALL', () => {
    expect(stateParamOf(['OVERDUE', 'OPEN', 'DUE_SOON'])).toBe('');
    expect(stateParamOf([])).toBe('ALL');
    expect(stateParamOf(['UPCOMING'])).toBe('UPCOMING');
  });

  it('lists every task by default where the list is a history (a requirement’s page)', () => {
    expect(taskApiQuery({ requirementId: 'r1' }, null)).toEqual({ requirementId: 'r1' });
    expect(taskApiQuery({ state: 'OVERDUE' }, null)).toEqual({ state: 'OVERDUE' });
    expect(stateParamOf([], null)).toBe('');
    expect(stateParamOf(['OPEN', 'DUE_SOON', 'OVERDUE'], null)).toBe('DUE_SOON,OPEN,OVERDUE');
  });
});
