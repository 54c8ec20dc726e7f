import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FindingDetail } from '@rtms/shared/schemas/findings';
import { renderWithProviders } from '../../../components/data/testing';
import { EditFindingModal } from './finding-dialogs';

const FINDING: FindingDetail = {
  _id: 'finding1',
  facilityId: 'f1',
  facilityName: 'Mesa Storage',
  source: 'INSPECTION',
  taskId: null,
  taskTitle: null,
  requirementId: null,
  permitId: 'p1',
  permitLabel: 'SPCC-7 · Spill prevention plan',
  title: 'Battery room vent blocked',
  description: null,
  severity: 'HIGH',
  identifiedOn: '2026-06-09',
  ownerId: null,
  ownerName: null,
  reportable: false,
  reportDueDate: null,
  reportedOn: null,
  rootCause: null,
  rootCauseCategory: null,
  status: 'OPEN',
  daysLate: null,
  verification: null,
  cancelReason: null,
  openActions: 0,
  overdueActions: 0,
  createdAt: '2026-06-09T12:00:00.000Z',
  updatedAt: '2026-06-09T12:00:00.000Z',
  actions: [],
  history: [],
};

let urls: string[] = [];
beforeEach(() => {
  urls = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return Response.json({ data: [], meta: { page: 1, pageSize: 50, total: 0 } });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('editing a finding', () => {
  it('shows its permit by number and title, and offers only the permits of its facility', async () => {
    renderWithProviders(<EditFindingModal open finding={FINDING} onClose={() => undefined} />);
    expect(await screen.findByText('SPCC-7 · Spill prevention plan')).toBeTruthy();
    expect(screen.queryByText('p1')).toBeNull();
    await vi.waitFor(() => expect(urls.some((url) => url.includes('/permits?'))).toBe(true));
    expect(urls.find((url) => url.includes('/permits?'))).toContain('facilityId=f1');
  }, 30_000);
});
