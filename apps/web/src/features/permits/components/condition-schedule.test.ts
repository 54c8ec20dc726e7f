import { describe, expect, it } from 'vitest';
import type { PermitCondition } from '@rtms/shared/schemas/permits';
import { needsSchedulePreview, scheduleKey } from './condition-schedule';

const schedule = {
  frequency: 'MONTHLY',
  scheduleMode: 'CALENDAR',
  firstDueDate: '2026-12-09',
  weekendShift: 'NONE',
  category: 'WATER',
  evidenceRequired: false,
  activeFrom: '2022-05-01',
  activeUntil: null,
} as const;
const condition = {
  _id: 'c1',
  reference: 'III.B',
  text: 'Quarterly visual assessment',
  requirementId: 'r1',
  schedule,
} as unknown as PermitCondition;
/** What the form holds when the dialog opens on the condition. */
const opened = { reference: 'III.B', text: 'Quarterly visual assessment', scheduled: true, ...schedule };

describe('the condition schedule preview gate', () => {
  it('asks for no preview while the schedule is the saved one, even when the text changes', () => {
    expect(needsSchedulePreview(condition, opened)).toBe(false);
    expect(needsSchedulePreview(condition, { ...opened, text: 'Monthly visual assessment' })).toBe(false);
  });

  it('asks for a preview when any schedule field of a scheduled condition changes', () => {
    expect(needsSchedulePreview(condition, { ...opened, frequency: 'QUARTERLY' })).toBe(true);
    expect(needsSchedulePreview(condition, { ...opened, firstDueDate: '2026-12-10' })).toBe(true);
    expect(needsSchedulePreview(condition, { ...opened, evidenceRequired: true })).toBe(true);
    expect(needsSchedulePreview(condition, { ...opened, scheduleMode: 'PERIOD_END', periodDueDays: 5 })).toBe(true);
  });

  it('asks for none for a new condition, a standing one given a schedule, or one made standing', () => {
    expect(needsSchedulePreview(undefined, { ...opened, frequency: 'QUARTERLY' })).toBe(false);
    const standing = { ...condition, requirementId: null, schedule: null } as PermitCondition;
    expect(needsSchedulePreview(standing, { ...opened, frequency: 'QUARTERLY' })).toBe(false);
    expect(needsSchedulePreview(condition, { ...opened, scheduled: false })).toBe(false);
  });

  it('gives a preview taken for one schedule no weight for another', () => {
    const previewed = scheduleKey({ ...opened, frequency: 'QUARTERLY' });
    expect(scheduleKey({ ...opened, frequency: 'QUARTERLY', text: 'changed' })).toBe(previewed);
    expect(scheduleKey({ ...opened, frequency: 'QUARTERLY', weekendShift: 'NEXT' })).not.toBe(previewed);
    // Period fields count only for a period-end schedule; an unset evidence switch is "not required".
    expect(scheduleKey({ ...opened, frequency: 'QUARTERLY', periodDueDays: 9 })).toBe(previewed);
    expect(scheduleKey({ ...opened, frequency: 'QUARTERLY', evidenceRequired: undefined })).toBe(previewed);
  });
});
