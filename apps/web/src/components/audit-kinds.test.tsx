import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import {
  DOCUMENT_KINDS,
  FACILITY_STATUSES,
  FACILITY_TYPES,
  JURISDICTIONS,
  REQUIREMENT_STATUSES,
  ROLES,
  SCHEDULE_MODES,
  TASK_CATEGORIES,
  TASK_FREQUENCIES,
  TASK_STATUSES,
  TIMELINESS,
  WEEKEND_SHIFTS,
} from '@rtms/shared/enums';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, auditEventSchema } from '@rtms/shared/schemas/audit';
import { CALENDAR_FEED_SCOPES } from '@rtms/shared/schemas/calendar';
import type { MessageKey } from '../lib/i18n/messages/en';
import { en } from '../lib/i18n/messages/en';
import { es } from '../lib/i18n/messages/es';
import { fr } from '../lib/i18n/messages/fr';
import { it as italian } from '../lib/i18n/messages/it';
import { zh } from '../lib/i18n/messages/zh';
import { ar } from '../lib/i18n/messages/ar';
import { TestProviders } from './data/testing';
import { AuditChangesTable } from './audit-changes';
import { auditActionLabel, auditChangeLines, auditEntityLabel, auditFieldHasLabel, auditSubject } from './audit-labels';
import samples from './audit-kinds.samples.json';

/**
 * One event of every entity type and action the server records, as its audit list answers
 * it (the server's audit-every-kind test writes them, ids made stable), read in the Audit Trail's words in each
 * of the six languages: labels from the catalogues, names for ids, never JSON, a bare id or an enumeration code.
 */
// Read through the shared schema of an audit event, as the screen reads the API's answer.
const events = auditEventSchema
  .pick({
    entityType: true,
    action: true,
    entityId: true,
    entityName: true,
    facilityName: true,
    changes: true,
    valueNames: true,
  })
  .array()
  .parse(samples);
const CATALOGUES = { en, es, fr, it: italian, zh, ar } as const;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** Every code of the shared enumerations an event may carry, as a whole word. */
const CODES = new RegExp(
  `(^|[^\\w])(${[
    ...DOCUMENT_KINDS,
    ...FACILITY_STATUSES,
    ...FACILITY_TYPES,
    ...JURISDICTIONS,
    ...REQUIREMENT_STATUSES,
    ...ROLES,
    ...SCHEDULE_MODES,
    ...TASK_CATEGORIES,
    ...TASK_FREQUENCIES,
    ...TASK_STATUSES,
    ...TIMELINESS,
    ...WEEKEND_SHIFTS,
    ...CALENDAR_FEED_SCOPES,
    'ADDED',
    'PENDING',
    'APPROVED',
    'REJECTED',
  ].join('|')})($|[^\\w])`,
);

/** The field names of an event's changes, and of the objects inside them (a holiday, an import's counts…). */
function fieldsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(fieldsOf);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => [key, ...fieldsOf(inner)]);
  return [];
}

describe('audit events of every kind in words', () => {
  it('has a sample of every entity type and action', () => {
    expect(new Set(events.map((event) => event.entityType))).toEqual(new Set(AUDIT_ENTITY_TYPES));
    expect(new Set(events.map((event) => event.action))).toEqual(new Set(AUDIT_ACTIONS));
  });

  it('labels every changed field from the catalogues', () => {
    const unlabelled = new Set(
      events.flatMap((event) =>
        Object.entries(event.changes).flatMap(([field, change]) =>
          [field, ...fieldsOf(change.before), ...fieldsOf(change.after)].filter((name) => !auditFieldHasLabel(name)),
        ),
      ),
    );
    expect([...unlabelled]).toEqual([]);
  });

  for (const [language, messages] of Object.entries(CATALOGUES)) {
    it(`writes each kind in ${language} without JSON, bare ids or codes`, () => {
      const t = (key: MessageKey, values?: Record<string, string | number>) => {
        const text = messages[key];
        expect(text, key).toBeTruthy();
        return values ? text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name])) : text;
      };
      for (const event of events) {
        const kind = `${event.entityType} ${event.action}`;
        expect(auditActionLabel(t, event.action), kind).toBe(messages[`auditAction.${event.action}` as MessageKey]);
        expect(auditEntityLabel(t, event.entityType), kind).toBe(
          messages[`auditEntity.${event.entityType}` as MessageKey],
        );
        const subject = auditSubject(event);
        expect(subject, kind).not.toMatch(UUID);
        const lines = auditChangeLines(t, event);
        expect(lines, kind).not.toMatch(/[{}[\]"]|\[object/);
        expect(lines, kind).not.toMatch(UUID);
        expect(lines, kind).not.toMatch(CODES);
        expect(lines, kind).not.toMatch(/\dT\d{2}:\d{2}/);
      }
    });
  }

  it('writes the single sign-on events (a provider test of their own) in words too', () => {
    // The shapes oidc.service.ts records: a link made, a link requested, a request decided.
    const request = '0b8f4c1e-1111-4a4a-9a9a-000000000003';
    const t = (key: MessageKey) => ar[key];
    const lines = auditChangeLines(t, {
      changes: {
        singleSignOn: { before: null, after: 'https://id.example.com' },
        singleSignOnRequest: {
          before: { id: request, status: 'PENDING' },
          after: { id: request, status: 'APPROVED', issuer: 'https://id.example.com', emailVerified: true },
        },
      },
      valueNames: {},
    });
    expect(lines).not.toMatch(UUID);
    expect(lines).not.toMatch(CODES);
    expect(lines).not.toMatch(/[{}"]/);
    expect(lines).toContain(ar['linkRequestStatus.APPROVED']);
    expect(lines).toContain(ar['audit.field.singleSignOnRequest']);
  });

  it('shows every kind’s changes in the row’s expansion in names and words', () => {
    for (const event of events) {
      const { container, unmount } = render(
        <TestProviders>
          <AuditChangesTable event={event} />
        </TestProviders>,
      );
      const text = container.textContent ?? '';
      const kind = `${event.entityType} ${event.action}`;
      expect(text, kind).not.toMatch(UUID);
      expect(text, kind).not.toMatch(/[{}"]/);
      expect(text, kind).not.toMatch(CODES);
      for (const name of Object.values(event.valueNames)) expect(text, kind).toContain(name);
      unmount();
    }
    // One render per kind (about a hundred): longer than the default on a busy two-core machine.
  }, 90_000);
});
