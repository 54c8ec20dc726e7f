import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditEvent } from '@rtms/shared/schemas/audit';
import { call, ok } from '../../test/api-calls';
import { createRequirement } from '../../test/compliance-fixtures';
import { oathtoolCode } from '../../test/oathtool';
import { samplePdf } from '../../test/sample-files';
import { signedInSuiteAt } from '../../test/signed-in-suite';
import { TEST_PASSWORD } from '../../test/test-app';
import { upload } from '../documents/documents-test-support';
import { csvFile, importFile } from '../requirement-import/import-test-support';

/**
 * Audit events of every kind read in names and words. One event of every entity type and
 * action the server records is made through the API; each must name every id it carries. The events, with their
 * ids replaced by stable ones, are the web's samples (audit-kinds.samples.json): the web test renders each one
 * in the Audit Trail's words, so a kind added here fails there until it reads as words.
 */
const suite = signedInSuiteAt('2026-03-10T12:00:00Z');
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The kinds that carry no name of their own: a generation run and the one record of each kind of settings. */
const UNNAMED_ENTITIES = new Set(['TASK_GENERATION', 'SECURITY_SETTINGS', 'FINDING_SETTINGS', 'REPORT_SETTINGS']);

async function produceEveryKind(): Promise<void> {
  const { t } = suite;
  const admin = suite.admin;
  // A call that must succeed; a deletion answers no body.
  const as = async (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: object) => {
    const response = await call<{ data: { _id: string } }>(t, admin, method, url, body);
    expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    return response.body?.data;
  };

  // Facilities: CREATE, UPDATE, DEACTIVATE, REACTIVATE.
  const north = (
    await as('POST', '/api/facilities', { name: 'North Ridge', code: 'NRW', type: 'WIND', timeZone: 'UTC' })
  )._id;
  const south = (
    await as('POST', '/api/facilities', { name: 'South Mesa', code: 'SMS', type: 'SOLAR', timeZone: 'UTC' })
  )._id;
  await as('PATCH', `/api/facilities/${north}`, { city: 'Amarillo' });
  await as('PATCH', `/api/facilities/${south}`, { status: 'INACTIVE' });
  await as('PATCH', `/api/facilities/${south}`, { status: 'ACTIVE' });

  // Regulations and program areas: CREATE, UPDATE, DEACTIVATE, REACTIVATE.
  const regulation = (
    await as('POST', '/api/regulations', { title: 'Clean Water Act', citation: '40 CFR 122', jurisdiction: 'FEDERAL' })
  )._id;
  await as('PATCH', `/api/regulations/${regulation}`, { agency: 'EPA' });
  await as('PATCH', `/api/regulations/${regulation}`, { active: false });
  await as('PATCH', `/api/regulations/${regulation}`, { active: true });
  const area = (await as('POST', '/api/program-areas', { name: 'Water quality' }))._id;
  await as('PATCH', `/api/program-areas/${area}`, { description: 'Stormwater and discharge permits' });
  await as('PATCH', `/api/program-areas/${area}`, { active: false });
  await as('PATCH', `/api/program-areas/${area}`, { active: true });

  // Users: CREATE, UPDATE, ROLE_CHANGE, DEACTIVATE, REACTIVATE, PASSWORD_RESET, and USER_FACILITY ASSIGN, UNASSIGN.
  const dana = (
    await as('POST', '/api/users', {
      email: 'dana.site@example.com',
      firstName: 'Dana',
      lastName: 'Site',
      role: 'FACILITY_USER',
    })
  )._id;
  await as('PATCH', `/api/users/${dana}`, { firstName: 'Danielle' });
  await as('PATCH', `/api/users/${dana}`, { role: 'FACILITY_ADMIN' });
  await as('PATCH', `/api/users/${dana}`, { active: false });
  await as('PATCH', `/api/users/${dana}`, { active: true });
  await as('POST', `/api/users/${dana}/reset-password`);
  const lee = await t.createUser('FACILITY_USER', 'lee.field@example.com', { firstName: 'Lee', lastName: 'Field' });
  const binding = await as('POST', '/api/user-facilities', { userId: dana, facilityId: north });
  await as('POST', '/api/user-facilities', { userId: lee.id, facilityId: north });
  await as('POST', '/api/user-facilities', { userId: dana, facilityId: south });
  await as('DELETE', `/api/user-facilities/${binding._id}`);
  await as('POST', '/api/user-facilities', { userId: dana, facilityId: north });

  // A user's own changes: PASSWORD_CHANGE, MFA_ENABLE, MFA_DISABLE; and MFA_RESET by an administrator.
  const leeToken = await t.signIn(lee.email);
  await ok(t, leeToken, 'POST', '/api/users/change-password', {
    currentPassword: TEST_PASSWORD,
    newPassword: 'a-new-long-passphrase-for-lee',
  });
  const enrol = async (token: string) => {
    const { secret } = await ok<{ secret: string }>(t, token, 'POST', '/api/users/me/mfa/totp');
    await ok(t, token, 'POST', '/api/users/me/mfa/totp/confirm', { code: oathtoolCode(secret) });
  };
  const kim = await t.createUser('FACILITY_USER', 'kim.park@example.com', { firstName: 'Kim', lastName: 'Park' });
  const kimToken = await t.signIn(kim.email);
  await enrol(kimToken);
  await ok(t, kimToken, 'DELETE', '/api/users/me/mfa', { password: TEST_PASSWORD });
  await enrol(kimToken);
  await as('DELETE', `/api/users/${kim.id}/mfa`);

  // Security settings: UPDATE.
  await as('PUT', '/api/security-settings', { mfaRequiredRoles: ['ALL_FACILITY_ADMIN'] });

  // Requirements: CREATE, UPDATE (its own fields and a facility's binding), RETIRE, REACTIVATE, IMPORT.
  const requirement = await createRequirement(t, admin, {
    title: 'Monthly stormwater inspection',
    frequency: 'MONTHLY',
    firstDueDate: '2026-03-31',
    weekendShift: 'NEXT',
    regulationId: regulation,
    programAreaId: area,
    defaultAssigneeId: dana,
    facilities: [{ facilityId: north }],
  });
  const requirementId = requirement.data._id;
  await as('PATCH', `/api/requirements/${requirementId}`, {
    graceDays: 3,
    facilities: [{ facilityId: north }, { facilityId: south, assigneeId: dana }],
  });
  await as('PATCH', `/api/requirements/${requirementId}`, { status: 'RETIRED' });
  await as('PATCH', `/api/requirements/${requirementId}`, { status: 'ACTIVE' });
  const imported = await importFile(
    t,
    admin,
    csvFile([
      {
        Title: 'Quarterly discharge report',
        Category: 'WATER',
        Frequency: 'QUARTERLY',
        'First due date': '2026-03-31',
        'Facility codes': 'NRW',
      },
    ]),
    'requirements.csv',
    false,
  );
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);

  // Tasks: UPDATE, ASSIGN, UNASSIGN, COMPLETE, REOPEN, COMMENT; and one moved by a holiday (FACILITY_HOLIDAY).
  const tasks = await ok<{ _id: string; dueDate: string; facilityId: string }[]>(
    t,
    admin,
    'GET',
    `/api/tasks?requirementId=${requirementId}&facilityId=${north}&sort=dueDate&pageSize=5`,
  );
  const [first, second] = tasks;
  await as('PATCH', `/api/tasks/${first!._id}`, { assigneeId: lee.id });
  await as('PATCH', `/api/tasks/${first!._id}`, { assigneeId: null });
  await as('PATCH', `/api/tasks/${first!._id}`, { dueDate: '2026-04-02', rescheduleReason: 'Crew on leave' });
  await as('POST', `/api/tasks/${first!._id}/comments`, { body: 'Outfall 2 needs a second look' });
  await as('POST', `/api/tasks/${first!._id}/complete`, { completionNote: 'All outfalls clear' });
  await as('POST', `/api/tasks/${first!._id}/reopen`, { reason: 'Photo missing' });
  // Review and extension: TASK SIGN (an approval signed with the password, a rejection), EXTENSION_REQUEST and
  // EXTENSION_DECISION.
  await as('PATCH', `/api/requirements/${requirementId}`, { reviewRequired: true });
  const [, , third, fourth] = tasks;
  const leeNow = await t.signIn(lee.email, 'a-new-long-passphrase-for-lee');
  await ok(t, leeNow, 'POST', `/api/tasks/${fourth!._id}/complete`, {});
  await as('POST', `/api/tasks/${fourth!._id}/review`, {
    decision: 'APPROVE',
    meaning: 'APPROVED',
    password: TEST_PASSWORD,
  });
  await ok(t, leeNow, 'POST', `/api/tasks/${third!._id}/complete`, {});
  await as('POST', `/api/tasks/${third!._id}/review`, {
    decision: 'REJECT',
    reason: 'The photo of outfall 2 is missing',
  });
  const extension = await ok<{ _id: string }>(t, leeNow, 'POST', `/api/tasks/${third!._id}/extension-requests`, {
    requestedDueDate: '2026-07-31',
    reason: 'Outfall 2 is flooded',
  });
  await as('POST', `/api/extension-requests/${extension._id}/decide`, { decision: 'APPROVE' });
  await as('POST', `/api/facilities/${north}/holidays`, { date: second!.dueDate, name: 'Plant open day' });
  await as('DELETE', `/api/facilities/${north}/holidays/${second!.dueDate}`);

  // Hand-over: USER HAND_OVER (the successor serves both of Dana's facilities).
  await as('POST', '/api/user-facilities', { userId: lee.id, facilityId: south });
  await as('POST', `/api/users/${dana}/hand-over`, { toUserId: lee.id });

  // Documents: CREATE, UPDATE, ARCHIVE, RESTORE, DELETE.
  const uploaded = await upload(
    t,
    admin,
    { title: 'Stormwater plan', kind: 'LIBRARY', facilityId: north },
    { fileName: 'plan.pdf', content: samplePdf('Stormwater plan') },
  );
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  const document = uploaded.body.data._id as string;
  await as('PATCH', `/api/documents/${document}`, { tags: ['stormwater'], programAreaId: area });
  await as('POST', `/api/documents/${document}/archive`, { reason: 'Superseded by the 2027 plan' });
  await as('POST', `/api/documents/${document}/restore`);
  await as('POST', `/api/documents/${document}/archive`, { reason: 'Superseded' });
  await as('DELETE', `/api/documents/${document}`);

  // Calendar feeds: CREATE, DELETE.
  const feed = await as('POST', '/api/calendar-feeds', {
    name: 'North Ridge tasks',
    scope: 'FACILITY',
    facilityId: north,
  });
  await as('DELETE', `/api/calendar-feeds/${feed._id}`);

  // Permits: CREATE, UPDATE, TERMINATE; a new version (CREATE, and UPDATE of the old one); a library document
  // linked (DOCUMENT UPDATE); conditions: CREATE, UPDATE, DELETE.
  const permit = await as('POST', '/api/permits', {
    facilityId: north,
    number: 'TX0123456',
    title: 'Stormwater discharge permit',
    agency: 'State water board',
    type: 'STORMWATER',
    issuedOn: '2026-01-01',
    effectiveOn: '2026-01-01',
    expiresOn: '2030-12-31',
  });
  await as('PATCH', `/api/permits/${permit._id}`, { renewalLeadDays: 200 });
  const condition = await as('POST', `/api/permits/${permit._id}/conditions`, {
    reference: '4.2',
    text: 'Inspect every outfall after each storm.',
    schedule: { frequency: 'QUARTERLY', firstDueDate: '2026-03-31', category: 'WATER' },
  });
  await as('PATCH', `/api/permits/${permit._id}/conditions/${condition._id}`, {
    text: 'Inspect every outfall monthly.',
  });
  const standing = await as('POST', `/api/permits/${permit._id}/conditions`, {
    reference: '1.1',
    text: 'Keep a copy on site.',
  });
  await as('DELETE', `/api/permits/${permit._id}/conditions/${standing._id}`);
  const renewed = await as('POST', `/api/permits/${permit._id}/versions`, {
    effectiveOn: '2026-09-01',
    expiresOn: '2031-08-31',
  });
  await as('POST', `/api/permits/${renewed._id}/terminate`, {
    terminatedOn: '2027-01-01',
    reason: 'Site decommissioned',
  });
  // Findings: FINDING_SETTINGS UPDATE; FINDING CREATE, UPDATE, VERIFY, CLOSE, CANCEL; CORRECTIVE_ACTION CREATE,
  // UPDATE (a later date), COMPLETE, CANCEL.
  await as('PUT', '/api/finding-settings', { missedTaskFindings: true, lateCompletionFindings: false });
  const finding = (
    await as('POST', '/api/findings', {
      facilityId: north,
      source: 'AUDIT',
      title: 'Outfall 2 log incomplete',
      severity: 'MEDIUM',
      identifiedOn: '2026-03-10',
      ownerId: dana,
      taskId: first!._id,
    })
  )._id;
  await as('PATCH', `/api/findings/${finding}`, { rootCause: 'No checklist', rootCauseCategory: 'PROCESS' });
  const action = (
    await as('POST', `/api/findings/${finding}/actions`, {
      title: 'Add an outfall checklist',
      type: 'PREVENTIVE',
      ownerId: lee.id,
      dueDate: '2026-03-20',
    })
  )._id;
  await as('PATCH', `/api/corrective-actions/${action}`, { dueDate: '2026-03-27', reason: 'Waiting for the template' });
  await as('PATCH', `/api/corrective-actions/${action}`, { status: 'DONE', note: 'Checklist in use' });
  await as('POST', `/api/findings/${finding}/verify`, { effective: true, note: 'Two logs complete' });
  await as('POST', `/api/findings/${finding}/close`);
  const duplicate = (
    await as('POST', '/api/findings', {
      facilityId: north,
      source: 'SELF_IDENTIFIED',
      title: 'Outfall log',
      severity: 'LOW',
      identifiedOn: '2026-03-10',
    })
  )._id;
  await as('POST', `/api/findings/${duplicate}/actions`, {
    title: 'Remind the crew',
    type: 'CORRECTION',
    ownerId: lee.id,
    dueDate: '2026-03-20',
  });
  await as('POST', `/api/findings/${duplicate}/cancel`, { reason: 'Same as the audit finding' });
  // Personal access tokens: CREATE, DELETE; the embedded report's address: REPORT_SETTINGS UPDATE.
  const accessToken = await as('POST', '/api/access-tokens', { name: 'Monthly workbook', expiresOn: '2026-06-30' });
  await as('DELETE', `/api/access-tokens/${accessToken._id}`);
  await as('PUT', '/api/report-embed', { url: 'https://app.powerbi.com/reportEmbed?reportId=r1' });
  // Scheduled reports: REPORT_SUBSCRIPTION CREATE, UPDATE, DEACTIVATE (paused), REACTIVATE, DELETE.
  const subscription = (
    await as('POST', '/api/report-subscriptions', {
      report: 'SCORECARD',
      frequency: 'WEEKLY',
      format: 'PDF',
      filters: { groupBy: 'facility', facilityId: north },
    })
  )._id;
  await as('PATCH', `/api/report-subscriptions/${subscription}`, {
    frequency: 'MONTHLY',
    format: 'XLSX',
    filters: { groupBy: 'programArea', requirementId, programAreaId: area, category: 'WATER', frequency: 'MONTHLY' },
  });
  await as('PATCH', `/api/report-subscriptions/${subscription}`, { active: false });
  await as('PATCH', `/api/report-subscriptions/${subscription}`, { active: true });
  await as('DELETE', `/api/report-subscriptions/${subscription}`);

  // The daily generation: TASK_GENERATION GENERATE (later days come into the horizon).
  suite.clock.set('2026-06-10T12:00:00Z');
  await as('POST', '/api/jobs/task-generation/run');
}

/** Every audit event, oldest first, as the API answers it. */
async function allEvents(): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  for (let page = 1; ; page++) {
    const batch = await ok<AuditEvent[]>(suite.t, suite.admin, 'GET', `/api/audit?sort=at&pageSize=100&page=${page}`);
    events.push(...batch);
    // In the order they were written (events of one millisecond may come in either order by time).
    if (batch.length < 100) return events.sort((a, b) => a.seq - b.seq);
  }
}

/** The strings anywhere in a value (an object's or list's items, deeply). */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/** An event with its ids replaced by stable ones (in order of appearance) and its times by one: a sample. */
function sampleOf(event: AuditEvent, ids: Map<string, string>) {
  const stable = (text: string) =>
    text.replace(UUID, (id) => {
      const known = ids.get(id.toLowerCase());
      if (known) return known;
      const made = `00000000-0000-4000-8000-${String(ids.size + 1).padStart(12, '0')}`;
      ids.set(id.toLowerCase(), made);
      return made;
    });
  const { entityType, action, entityId, entityName, facilityName, changes, valueNames } = event;
  const sample = JSON.parse(
    stable(JSON.stringify({ entityType, action, entityId, entityName, facilityName, changes, valueNames })),
  ) as Pick<
    AuditEvent,
    'entityType' | 'action' | 'entityId' | 'entityName' | 'facilityName' | 'changes' | 'valueNames'
  >;
  // The names in a stable order too (the database answers them in any).
  return {
    ...sample,
    valueNames: Object.fromEntries(Object.entries(sample.valueNames).sort(([a], [b]) => a.localeCompare(b))),
  };
}

describe('audit events of every kind in names', () => {
  it('records one event of every entity type and action, each naming every id it carries', async () => {
    await produceEveryKind();
    const events = await allEvents();
    const kinds = new Map<string, AuditEvent>();
    for (const event of events) {
      const kind = `${event.entityType} ${event.action}`;
      // The last of a kind: a task's UPDATE moved by a holiday comes after its rescheduling, and so on.
      if (!kinds.has(kind) || Object.keys(event.changes).length > Object.keys(kinds.get(kind)!.changes).length)
        kinds.set(kind, event);
    }
    // Every entity type and every action of the shared lists occurs: a kind added later must be made here.
    expect(new Set(events.map((event) => event.entityType))).toEqual(new Set(AUDIT_ENTITY_TYPES));
    expect(new Set(events.map((event) => event.action))).toEqual(new Set(AUDIT_ACTIONS));

    // Every failing event at once, so that one run lists every kind still to fix.
    const problems: string[] = [];
    for (const event of events) {
      const where = `${event.entityType} ${event.action} #${event.seq}`;
      if (event.actorId && !event.actorName) problems.push(`${where}: no actor name`);
      if (event.facilityId && !event.facilityName) problems.push(`${where}: no facility name`);
      if (!UNNAMED_ENTITIES.has(event.entityType) && !event.entityName) problems.push(`${where}: no entity name`);
      // No id without its name: every id in the changed values is named.
      for (const id of stringsIn(event.changes).flatMap((text) => text.match(UUID) ?? []))
        if (!event.valueNames[id]) problems.push(`${where}: unnamed id in ${JSON.stringify(event.changes)}`);
    }
    expect(problems).toEqual([]);

    const ids = new Map<string, string>();
    const samples = [...kinds.values()]
      .sort((a, b) => `${a.entityType} ${a.action}`.localeCompare(`${b.entityType} ${b.action}`))
      .map((event) => sampleOf(event, ids));
    // Written as the repository's formatter writes it, so that the file passes its check unchanged.
    const file = fileURLToPath(new URL('../../../../web/src/components/audit-kinds.samples.json', import.meta.url));
    const text = await format(JSON.stringify(samples, null, 2), { ...(await resolveConfig(file)), filepath: file });
    await expect(text).toMatchFileSnapshot(file);
  });
});
