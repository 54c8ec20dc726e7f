import { addDays, addMonthsClamped, todayInTimeZone } from '@rtms/shared/calendar-date';
import type { PermitType } from '@rtms/shared/enums';
import type { ConditionSchedule } from '@rtms/shared/schemas/permits';
import { createPermitConditionsService } from '../../features/permits/permit-conditions.service';
import { createPermitVersionsService } from '../../features/permits/permit-versions.service';
import { createPermitsService } from '../../features/permits/permits.service';
import { createRequirementsService } from '../../features/requirements/requirements.service';
import { createTaskGenerationService } from '../../features/tasks/task-generation.service';
import { systemClock } from '../../platform/clock';
import { tally, type DemoContext } from './context';

/**
 * A renewable operator's permits, through the permits services (validated, audited, their conditions' tasks
 * generated): a Texas industrial stormwater permit near expiry, a geothermal plant's air permit kept in force
 * by a timely renewal application (administratively continued), an eagle take permit, an interconnection
 * agreement without expiry, and a Maine wastewater discharge permit in its second version.
 */
interface DemoPermit {
  facility: string;
  number: string;
  title: string;
  agency: string;
  type: PermitType;
  issuedOn: string;
  effectiveOn: string;
  expiresOn: string | null;
  renewalLeadDays?: number;
  renewalSubmittedOn?: string;
  conditions: { reference: string; text: string; schedule?: ConditionSchedule }[];
  /** A later version, made after the conditions: its effective and expiry dates. */
  nextVersion?: { effectiveOn: string; expiresOn: string; issuedOn: string };
}

function demoPermits(today: string): DemoPermit[] {
  const months = (n: number) => addMonthsClamped(today, n);
  return [
    {
      facility: 'SWR-W',
      number: 'TXR05Y417',
      title: 'Multi-Sector General Permit coverage: industrial stormwater (Sector O)',
      agency: 'Texas Commission on Environmental Quality',
      type: 'STORMWATER',
      issuedOn: addDays(months(-60), -20),
      effectiveOn: months(-60),
      // Near expiry: inside its 180-day renewal lead time.
      expiresOn: addDays(today, 75),
      conditions: [
        {
          reference: 'III.B',
          text: 'Perform a quarterly visual assessment of a stormwater sample from each outfall within the first 30 minutes of discharge.',
          schedule: {
            frequency: 'QUARTERLY',
            scheduleMode: 'PERIOD_END',
            firstDueDate: months(-2),
            periodDueDays: 10,
            category: 'WATER',
            evidenceRequired: true,
          },
        },
        {
          reference: 'III.D',
          text: 'Conduct the annual comprehensive site compliance evaluation and update the SWPPP with its findings.',
          schedule: { frequency: 'YEARLY', firstDueDate: months(3), category: 'WATER', weekendShift: 'PREVIOUS' },
        },
        {
          reference: 'II.A',
          text: 'Keep the stormwater pollution prevention plan (SWPPP) on site and available to inspectors.',
        },
      ],
    },
    {
      facility: 'DXV-G',
      number: 'AP4911-2207',
      title: 'Class II air quality operating permit (emergency generators and cooling tower)',
      agency: 'Nevada Division of Environmental Protection, Bureau of Air Pollution Control',
      type: 'AIR',
      issuedOn: addDays(months(-61), -30),
      effectiveOn: months(-61),
      // Expired a month ago, renewal filed in time: administratively continued.
      expiresOn: addDays(today, -35),
      renewalSubmittedOn: addDays(today, -150),
      conditions: [
        {
          reference: 'IV.A.3',
          text: 'Record the monthly and rolling 12-month run hours of each emergency generator.',
          schedule: { frequency: 'MONTHLY', firstDueDate: months(0).slice(0, 8) + '05', category: 'AIR' },
        },
        {
          reference: 'V.B',
          text: 'Submit the annual emissions inventory and compliance certification by 1 March for the previous calendar year.',
          schedule: {
            frequency: 'YEARLY',
            scheduleMode: 'PERIOD_END',
            firstDueDate: months(1),
            periodDueDayOfMonth: 1,
            category: 'AIR',
            evidenceRequired: true,
          },
        },
        { reference: 'IV.C', text: 'Opacity from any stack shall not exceed 20 percent.' },
      ],
    },
    {
      facility: 'MBW-W',
      number: 'MB08715C-0',
      title: 'Eagle incidental take permit (golden eagle)',
      agency: 'US Fish and Wildlife Service, Migratory Birds Program',
      type: 'WILDLIFE',
      issuedOn: months(-14),
      effectiveOn: months(-13),
      expiresOn: addDays(months(47), -1),
      renewalLeadDays: 365,
      conditions: [
        {
          reference: 'C.4',
          text: 'Conduct post-construction fatality monitoring searches at the sampled turbines each month.',
          schedule: {
            frequency: 'MONTHLY',
            firstDueDate: months(0),
            category: 'SUSTAINABILITY',
            evidenceRequired: true,
          },
        },
        {
          reference: 'C.9',
          text: 'Submit the annual eagle fatality report for the previous calendar year by 31 January.',
          schedule: {
            frequency: 'YEARLY',
            scheduleMode: 'PERIOD_END',
            firstDueDate: months(1),
            periodDueDayOfMonth: 31,
            category: 'SUSTAINABILITY',
          },
        },
        { reference: 'C.2', text: 'Report any eagle found injured or dead within 48 hours of discovery.' },
      ],
    },
    {
      facility: 'SSN-S',
      number: 'LGIA-2019-0734',
      title: 'Large generator interconnection agreement',
      agency: 'Arizona Public Service (transmission provider)',
      type: 'INTERCONNECTION',
      issuedOn: '2019-05-20',
      effectiveOn: '2019-06-01',
      expiresOn: null,
      conditions: [
        {
          reference: '9.7.1',
          text: 'Test the generator step-up protection relays and send the results to the transmission provider.',
          schedule: { frequency: 'YEARLY', firstDueDate: months(4), category: 'SAFETY', weekendShift: 'NEXT' },
        },
        {
          reference: '9.6.1',
          text: 'Maintain a power factor between 0.95 leading and 0.95 lagging at the point of interconnection.',
        },
      ],
    },
    {
      facility: 'PNB-BM',
      number: 'ME0036943',
      title: 'Waste discharge licence (cooling tower blowdown)',
      agency: 'Maine Department of Environmental Protection',
      type: 'WATER_DISCHARGE',
      issuedOn: months(-70),
      effectiveOn: months(-69),
      expiresOn: months(-9),
      renewalSubmittedOn: months(-14),
      conditions: [
        {
          reference: 'A.1',
          text: 'Sample the blowdown for flow, pH and total residual chlorine and submit the monthly discharge monitoring report by the 15th of the following month.',
          schedule: {
            frequency: 'MONTHLY',
            scheduleMode: 'PERIOD_END',
            firstDueDate: months(-10),
            periodDueDayOfMonth: 15,
            category: 'WATER',
            evidenceRequired: true,
          },
        },
      ],
      nextVersion: { issuedOn: months(-2), effectiveOn: addDays(months(-1), 1), expiresOn: months(59) },
    },
  ];
}

export async function loadPermits(ctx: DemoContext): Promise<void> {
  const count = tally(ctx, 'permits');
  const generation = createTaskGenerationService(ctx.db, ctx.services.audit, { clock: systemClock });
  const requirements = createRequirementsService(ctx.db, {
    audit: ctx.services.audit,
    generation,
    regulations: ctx.services.regulations,
    programAreas: ctx.services.programAreas,
    clock: systemClock,
  });
  const deps = { audit: ctx.services.audit, requirements, clock: systemClock };
  const permits = createPermitsService(ctx.db, deps);
  const conditions = createPermitConditionsService(ctx.db, deps);
  const versions = createPermitVersionsService(ctx.db, deps);
  for (const item of demoPermits(todayInTimeZone('UTC'))) {
    const facilityId = ctx.refs.facilities.get(item.facility);
    if (!facilityId) continue;
    const existing = await ctx.db
      .selectFrom('permits')
      .select('id')
      .where('facilityId', '=', facilityId)
      .where('number', '=', item.number)
      .executeTakeFirst();
    if (existing) {
      count.existing();
      continue;
    }
    const permit = await permits.create(ctx.principal, {
      facilityId,
      number: item.number,
      title: item.title,
      agency: item.agency,
      type: item.type,
      issuedOn: item.issuedOn,
      effectiveOn: item.effectiveOn,
      expiresOn: item.expiresOn,
      ...(item.renewalLeadDays ? { renewalLeadDays: item.renewalLeadDays } : {}),
    });
    for (const condition of item.conditions) await conditions.create(ctx.principal, permit._id, condition);
    if (item.renewalSubmittedOn) {
      await permits.update(ctx.principal, permit._id, { renewalSubmittedOn: item.renewalSubmittedOn });
    }
    if (item.nextVersion) await versions.newVersion(ctx.principal, permit._id, item.nextVersion);
    count.created();
  }
  count.print();
}
