import { addDays, todayInTimeZone } from '@rtms/shared/calendar-date';
import type { FindingStatus, ManualFindingSource } from '@rtms/shared/enums';
import { createAutomaticFindings } from '../../features/findings/automatic-findings';
import { createCorrectiveActionsService } from '../../features/findings/corrective-actions.service';
import { createFindingsService } from '../../features/findings/findings.service';
import type { Principal } from '../../platform/auth';
import { systemClock } from '../../platform/clock';
import { tally, type DemoContext } from './context';
import { DEMO_USERS } from './users';

/**
 * Findings in every status, through the services (validated, audited): the missed tasks of the task history open
 * theirs by the automatic sweep, and a finding recorded by hand is carried to each status — open and reportable,
 * actions in progress (one overdue), pending verification, closed after an effective verification, cancelled.
 * A second run finds them by title and leaves them alone.
 */
interface DemoFinding {
  facility: string;
  title: string;
  source: ManualFindingSource;
  severity: 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';
  /** Days before today it was identified. */
  daysAgo: number;
  description: string;
  rootCause?: { text: string; category: 'PEOPLE' | 'PROCESS' | 'EQUIPMENT' | 'DOCUMENTATION' };
  reportDueInDays?: number;
  /** Its actions: owner's email, days from today the action is due, whether done. */
  actions: {
    title: string;
    type: 'CORRECTION' | 'CORRECTIVE' | 'PREVENTIVE';
    owner: string;
    dueIn: number;
    done?: boolean;
  }[];
  status: FindingStatus;
}

const DEMO_FINDINGS: DemoFinding[] = [
  {
    facility: 'SWR-W',
    title: 'Notice of violation: stormwater sampling record incomplete',
    source: 'AGENCY_NOTICE',
    severity: 'HIGH',
    daysAgo: 4,
    description: 'The state agency found two quarterly samples without a chain-of-custody form.',
    reportDueInDays: 26,
    actions: [],
    status: 'OPEN',
  },
  {
    facility: 'SWR-W',
    title: 'Oil sheen at the substation transformer pad',
    source: 'INSPECTION',
    severity: 'MEDIUM',
    daysAgo: 20,
    description: 'A thin sheen on standing water inside the containment berm of transformer T2.',
    rootCause: { text: 'The drain valve gasket aged out.', category: 'EQUIPMENT' },
    actions: [
      { title: 'Replace the drain valve gasket', type: 'CORRECTION', owner: 'technician@demo.rtms', dueIn: -3 },
      { title: 'Add gaskets to the annual PM list', type: 'PREVENTIVE', owner: 'site.admin@demo.rtms', dueIn: 25 },
    ],
    status: 'ACTIONS_IN_PROGRESS',
  },
  {
    facility: 'SSN-S',
    title: 'Spill kit short of absorbent pads',
    source: 'AUDIT',
    severity: 'LOW',
    daysAgo: 35,
    description: 'Internal audit: the O&M building spill kit held 3 of the 20 pads on its list.',
    rootCause: { text: 'Nobody restocks after use.', category: 'PROCESS' },
    actions: [
      { title: 'Restock the spill kit', type: 'CORRECTION', owner: 'solar.tech@demo.rtms', dueIn: -20, done: true },
    ],
    status: 'PENDING_VERIFICATION',
  },
  {
    facility: 'CGH-H',
    title: 'Fish screen inspection log not signed',
    source: 'SELF_IDENTIFIED',
    severity: 'MEDIUM',
    daysAgo: 60,
    description: 'Three weekly fish screen logs carry no inspector name.',
    rootCause: { text: 'The paper form has no signature line.', category: 'DOCUMENTATION' },
    actions: [
      {
        title: 'Add a signature line to the form',
        type: 'CORRECTIVE',
        owner: 'hydro.lead@demo.rtms',
        dueIn: -40,
        done: true,
      },
    ],
    status: 'CLOSED',
  },
  {
    facility: 'MES-B',
    title: 'Fire suppression panel in fault',
    source: 'INSPECTION',
    severity: 'CRITICAL',
    daysAgo: 10,
    description: 'Recorded twice: the same fault is tracked under the vendor’s service ticket finding.',
    actions: [],
    status: 'CANCELLED',
  },
];

export async function loadFindings(ctx: DemoContext): Promise<void> {
  const count = tally(ctx, 'findings');
  const findings = createFindingsService(ctx.db, ctx.services.audit, systemClock);
  const actions = createCorrectiveActionsService(ctx.db, ctx.services.audit, systemClock);
  // The missed tasks of the history open their findings as the reminders job would.
  await createAutomaticFindings(ctx.db, ctx.services.audit, systemClock).sweep();
  const compliance = DEMO_USERS.find((user) => user.role === 'ALL_FACILITY_USER')!;
  const verifier: Principal = {
    id: ctx.refs.users.get(compliance.email) ?? ctx.principal.id,
    email: compliance.email,
    role: compliance.role,
    firstName: compliance.firstName,
    lastName: compliance.lastName,
    mustChangePassword: false,
    sessionId: 'demo',
  };

  // A finding's owner: an admin of its facility, else the compliance team.
  const ownerAt = (code: string): string | null => {
    const admin = DEMO_USERS.find((user) => user.role === 'FACILITY_ADMIN' && user.facilities.includes(code));
    return ctx.refs.users.get(admin?.email ?? compliance.email) ?? null;
  };

  for (const demo of DEMO_FINDINGS) {
    const facilityId = ctx.refs.facilities.get(demo.facility);
    if (!facilityId) continue;
    const existing = await ctx.db
      .selectFrom('findings')
      .select('id')
      .where('title', '=', demo.title)
      .executeTakeFirst();
    if (existing) {
      count.existing();
      continue;
    }
    const facility = await ctx.db
      .selectFrom('facilities')
      .select('timeZone')
      .where('id', '=', facilityId)
      .executeTakeFirstOrThrow();
    const today = todayInTimeZone(facility.timeZone, systemClock());
    const finding = await findings.create(ctx.principal, {
      facilityId,
      source: demo.source,
      title: demo.title,
      description: demo.description,
      severity: demo.severity,
      identifiedOn: addDays(today, -demo.daysAgo),
      ownerId: ownerAt(demo.facility),
      reportable: demo.reportDueInDays !== undefined,
      reportDueDate: demo.reportDueInDays === undefined ? null : addDays(today, demo.reportDueInDays),
    });
    if (demo.rootCause) {
      await findings.update(ctx.principal, finding._id, {
        rootCause: demo.rootCause.text,
        rootCauseCategory: demo.rootCause.category,
      });
    }
    for (const action of demo.actions) {
      const ownerId = ctx.refs.users.get(action.owner);
      if (!ownerId) continue;
      const created = await actions.create(ctx.principal, finding._id, {
        title: action.title,
        type: action.type,
        ownerId,
        dueDate: addDays(today, action.dueIn),
      });
      if (action.done) {
        await actions.update(ctx.principal, created._id, { status: 'DONE', note: 'Done and photographed.' });
      }
    }
    if (demo.status === 'CLOSED') {
      await findings.verify(verifier, finding._id, { effective: true, note: 'Two months of signed logs checked.' });
      await findings.close(verifier, finding._id);
    }
    if (demo.status === 'CANCELLED') {
      await findings.cancel(ctx.principal, finding._id, { reason: 'Duplicate of the vendor ticket finding' });
    }
    count.created();
  }
  count.print();
}
