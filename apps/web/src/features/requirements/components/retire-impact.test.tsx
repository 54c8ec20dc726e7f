import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/data/testing';
import { RetireImpact } from './retire-impact';

/** What the fake API was asked, and the removed tasks it answers with. */
let bodies: unknown[] = [];
let removedCount = 0;

beforeEach(() => {
  bodies = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    expect(url).toBe('/api/requirements/preview');
    bodies.push(JSON.parse(String(init.body)));
    const removed = Array.from({ length: removedCount }, (_, index) => ({
      taskId: `t${index}`,
      facilityId: 'f1',
      facilityName: 'Prairie Wind',
      sequence: index,
      periodLabel: `2027-0${index + 1}`,
      dueDate: `2027-0${index + 1}-20`,
    }));
    return new Response(JSON.stringify({ data: { added: [], moved: [], removed } }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('RetireImpact', () => {
  it('names the tasks retiring will remove before anyone confirms', async () => {
    removedCount = 7;
    renderWithProviders(<RetireImpact requirementId="req1" />);
    expect(await screen.findByText('7 future tasks will be removed:')).toBeTruthy();
    expect(bodies).toEqual([{ requirementId: 'req1', status: 'RETIRED' }]);
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByText('and 2 more')).toBeTruthy();
  });

  it('says so when nothing will be removed', async () => {
    removedCount = 0;
    renderWithProviders(<RetireImpact requirementId="req2" />);
    expect(await screen.findByText('No task will be removed.')).toBeTruthy();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });
});
