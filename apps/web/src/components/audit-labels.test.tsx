import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { MessageKey } from '../lib/i18n/messages/en';
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

describe('audit changes in names and the user’s language (issue 11, point 5)', () => {
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
