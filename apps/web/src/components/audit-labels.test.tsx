import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { MessageKey } from '../lib/i18n/messages/en';
import { en } from '../lib/i18n/messages/en';
import { fr } from '../lib/i18n/messages/fr';
import { TestProviders } from './data/testing';
import { AuditChangesTable } from './audit-changes';
import { auditChangeLines } from './audit-labels';

const DANA = '0b8f4c1e-1111-4a4a-9a9a-000000000001';
const LEE = '0b8f4c1e-1111-4a4a-9a9a-000000000002';
const event = {
  changes: {
    assigneeId: { before: DANA, after: LEE },
    dueDate: { before: '2026-05-14', after: '2026-05-21' },
    facilityIds: { before: [], after: [DANA] },
  },
  valueNames: { [DANA]: 'Dana Site', [LEE]: 'Lee Field' },
};

describe('audit changes in names and the user’s language', () => {
  it('writes the export’s changes with translated field labels and the names the event kept', () => {
    const t = (key: MessageKey) => fr[key];
    expect(auditChangeLines(t, event).split('\n')).toEqual([
      `${fr['task.assignee']}: Dana Site → Lee Field`,
      `${fr['task.dueDate']}: 2026-05-14 → 2026-05-21`,
      `${fr['requirement.facilities']}: — → Dana Site`,
    ]);
  });

  it('shows labels and names in the row’s expansion, never the raw field or id', () => {
    render(
      <TestProviders>
        <AuditChangesTable event={event} />
      </TestProviders>,
    );
    expect(screen.getByText('Assignee')).toBeTruthy();
    expect(screen.queryByText('assigneeId')).toBeNull();
    expect(screen.getAllByText('Dana Site').length).toBeGreaterThan(0);
    expect(screen.getByText('Lee Field')).toBeTruthy();
    expect(screen.queryByText(DANA)).toBeNull();
  });
});

describe('audit values of every kind in words', () => {
  const t = (key: MessageKey) => en[key];
  it('writes a holiday, an import and a facility binding as labelled values with names, never JSON or ids', () => {
    const lines = auditChangeLines(t, {
      changes: {
        holiday: { before: null, after: { date: '2027-07-04', name: 'Independence Day', source: 'LIBRARY' } },
        tasksMoved: { before: null, after: 2 },
        file: { before: null, after: { name: 'requirements.xlsx', rows: 287 } },
        requirements: { before: null, after: { created: 280, updated: 7, unchanged: 0 } },
        facility: {
          before: null,
          after: { applicable: true, notApplicableReason: null, assigneeId: DANA, firstDueDate: '2026-05-14' },
        },
      },
      valueNames: { [DANA]: 'Dana Site' },
    }).split('\n');
    expect(lines).toEqual([
      'Holiday: — → Date: 2027-07-04, Name: Independence Day, Source: Public holiday',
      'Tasks moved: — → 2',
      'File: — → Name: requirements.xlsx, Rows: 287',
      'Requirements: — → Created: 280, Updated: 7, Unchanged: 0',
      'Facility: — → Applicable: Yes, Assignee: Dana Site, First due date: 2026-05-14',
    ]);
    expect(lines.join('\n')).not.toMatch(/[{}"]|0b8f4c1e/);
  });
});
