import { addMonthsClamped, todayInTimeZone } from '@rtms/shared/calendar-date';
import type { ScheduleMode, TaskCategory, TaskFrequency, WeekendShift } from '@rtms/shared/enums';
import { createRequirementBodySchema } from '@rtms/shared/schemas/requirements';
import { createRequirementsService } from '../../features/requirements/requirements.service';
import { createTaskGenerationService } from '../../features/tasks/task-generation.service';
import { systemClock } from '../../platform/clock';
import { tally, type DemoContext } from './context';
import { DEMO_USERS } from './users';

/**
 * About sixty obligations of a renewable-power operator, bound to the demo facilities, created through
 * the requirements service (validated, audited, tasks generated). Most come with two years of history
 * (a backfill), which the task-history loader then completes the way a real site would have.
 */

interface DemoRequirement {
  title: string;
  /** Regulation citation (see regulations.ts). */
  regulation?: string;
  /** Program area name (see program-areas.ts). */
  programArea?: string;
  category: TaskCategory;
  frequency: TaskFrequency;
  firstDueDate: string;
  /** Facility codes (see facilities.ts). */
  facilities: string[];
  description: string;
  citation?: string;
  permitNumber?: string;
  weekendShift?: WeekendShift;
  scheduleMode?: ScheduleMode;
  /** PERIOD_END: days after the period's last day, or the day of the following month (exactly one). */
  periodDueDays?: number;
  periodDueDayOfMonth?: number;
  periodStartMonth?: number;
  evidenceRequired?: boolean;
  minEvidence?: number;
  graceDays?: number;
  activeUntil?: string;
  /** Facility code → why the requirement does not apply there. */
  notApplicable?: Record<string, string>;
}

const WIND = ['SWR-W', 'RMS-W', 'MBW-W', 'PRW-W'];
const SOLAR = ['SSN-S', 'MDS-S', 'THS-S'];
const HYDRO = ['CGH-H'];
const OIL = ['SWR-W', 'RMS-W', 'MBW-W', 'PRW-W', 'SSN-S', 'MDS-S', 'CGH-H', 'MES-B', 'DXV-G', 'PNB-BM'];
const ALL = [...WIND, ...SOLAR, ...HYDRO, 'MES-B', 'DXV-G', 'PNB-BM'];
const THERMAL = ['DXV-G', 'PNB-BM'];

export const DEMO_REQUIREMENTS: DemoRequirement[] = [
  // SPCC (40 CFR 112)
  {
    title: 'SPCC monthly inspection of transformer secondary containment',
    regulation: '40 CFR 112',
    programArea: 'SPCC',
    category: 'HAZARDOUS_MATERIALS',
    frequency: 'MONTHLY',
    firstDueDate: '2023-01-28',
    facilities: OIL,
    weekendShift: 'PREVIOUS',
    description: 'Walk every containment: standing water, staining, valve positions, drain logs. Photograph each berm.',
  },
  {
    title: 'SPCC annual oil-handling personnel training',
    regulation: '40 CFR 112',
    programArea: 'SPCC',
    category: 'HAZARDOUS_MATERIALS',
    frequency: 'YEARLY',
    firstDueDate: '2023-03-15',
    facilities: OIL,
    description: 'Discharge prevention briefing for all oil-handling personnel; keep the sign-in sheet.',
  },
  {
    title: 'SPCC plan five-year review and PE certification',
    regulation: '40 CFR 112',
    programArea: 'SPCC',
    category: 'HAZARDOUS_MATERIALS',
    frequency: '5 YEARS',
    firstDueDate: '2021-06-30',
    facilities: OIL,
    description: 'Review the plan against current equipment; amend and have a Professional Engineer certify changes.',
  },
  {
    title: 'Diesel tank integrity inspection (STI SP001)',
    regulation: '40 CFR 112',
    programArea: 'SPCC',
    category: 'HAZARDOUS_MATERIALS',
    frequency: 'YEARLY',
    firstDueDate: '2023-09-30',
    facilities: ['CGH-H', 'DXV-G', 'PNB-BM'],
    description: 'Owner inspection of the emergency-generator diesel tank per STI SP001.',
  },
  // Stormwater (40 CFR 122.26)
  {
    title: 'Quarterly visual stormwater monitoring at outfalls',
    regulation: '40 CFR 122.26',
    programArea: 'Stormwater',
    category: 'WATER',
    frequency: 'QUARTERLY',
    firstDueDate: '2023-03-31',
    facilities: [...WIND, ...SOLAR, 'PNB-BM'],
    description: 'Collect a grab sample within the first 30 minutes of discharge; record color, odor, clarity, sheen.',
    evidenceRequired: false,
  },
  {
    title: 'SWPPP routine facility inspection',
    regulation: '40 CFR 122.26',
    programArea: 'Stormwater',
    category: 'WATER',
    frequency: 'MONTHLY',
    firstDueDate: '2023-01-15',
    facilities: [...SOLAR, 'SWR-W'],
    weekendShift: 'NEXT',
    description: 'Inspect BMPs, silt fences, sediment basins and road crossings; log corrective actions.',
  },
  {
    title: 'Annual stormwater comprehensive site compliance evaluation',
    regulation: '40 CFR 122.26',
    programArea: 'Stormwater',
    category: 'WATER',
    frequency: 'YEARLY',
    firstDueDate: '2023-11-30',
    facilities: [...WIND, ...SOLAR],
    description: 'Annual evaluation and report under the industrial general permit.',
  },
  {
    title: 'Stormwater benchmark sampling (lab analysis)',
    regulation: '40 CFR 122.26',
    programArea: 'Stormwater',
    category: 'WATER',
    frequency: 'SEMI-ANNUAL',
    firstDueDate: '2023-06-30',
    facilities: ['PNB-BM', 'DXV-G'],
    description: 'TSS, COD, oil and grease; submit results through the state DMR portal.',
  },
  {
    title: 'SWPPP update after site changes',
    regulation: '40 CFR 122.26',
    programArea: 'Stormwater',
    category: 'WATER',
    frequency: 'ONCE',
    firstDueDate: '2026-09-30',
    facilities: ['SWR-W'],
    description: 'Update the SWPPP for the new O&M building and laydown yard.',
  },
  // Avian & bat
  {
    title: 'Post-construction avian and bat carcass searches',
    regulation: '16 U.S.C. 703–712',
    programArea: 'Avian & Bat Protection',
    category: 'SUSTAINABILITY',
    frequency: 'WEEKLY',
    firstDueDate: '2023-01-02',
    facilities: ['SWR-W', 'MBW-W'],
    description: 'Search the plots around the sampled turbines; record and photograph each find.',
    graceDays: 2,
  },
  {
    title: 'Annual avian and bat mortality report to USFWS',
    regulation: '16 U.S.C. 703–712',
    programArea: 'Avian & Bat Protection',
    category: 'SUSTAINABILITY',
    frequency: 'YEARLY',
    firstDueDate: '2023-01-31',
    facilities: WIND,
    description: 'Summary of searches, searcher efficiency and carcass persistence trials, estimated fatalities.',
  },
  {
    title: 'Eagle nest monitoring (spring)',
    regulation: '16 U.S.C. 668–668d',
    programArea: 'Avian & Bat Protection',
    category: 'SUSTAINABILITY',
    frequency: 'YEARLY',
    firstDueDate: '2023-04-15',
    facilities: ['SWR-W', 'RMS-W'],
    description: 'Survey the known golden eagle nests within 2 miles of the turbines.',
  },
  {
    title: 'Eagle incidental take permit annual report',
    regulation: '16 U.S.C. 668–668d',
    programArea: 'Avian & Bat Protection',
    category: 'SUSTAINABILITY',
    frequency: 'YEARLY',
    firstDueDate: '2024-02-01',
    facilities: ['RMS-W'],
    permitNumber: 'MB12345C-0',
    description: 'Report monitoring results and adaptive management measures under the permit.',
    evidenceRequired: true,
    minEvidence: 1,
  },
  {
    title: 'Bat curtailment settings verification',
    regulation: '16 U.S.C. 703–712',
    programArea: 'Avian & Bat Protection',
    category: 'SUSTAINABILITY',
    frequency: 'YEARLY',
    firstDueDate: '2023-07-15',
    facilities: WIND,
    description: 'Confirm cut-in speeds of 5.0 m/s at night from July 15 to October 15 in the SCADA.',
  },
  // NERC reliability
  {
    title: 'PRC-005 protective relay maintenance (microprocessor relays)',
    regulation: 'NERC PRC-005-6',
    programArea: 'NERC Reliability',
    category: 'SAFETY',
    frequency: '6 YEARS',
    firstDueDate: '2021-05-31',
    facilities: ALL,
    description: 'Verify settings, operation of inputs and outputs, and alarming for each microprocessor relay.',
  },
  {
    title: 'PRC-005 station battery inspection',
    regulation: 'NERC PRC-005-6',
    programArea: 'NERC Reliability',
    category: 'SAFETY',
    frequency: 'QUARTERLY',
    firstDueDate: '2023-02-28',
    facilities: ALL,
    description: 'Verify float voltage, electrolyte level, unintentional DC grounds.',
  },
  {
    title: 'PRC-005 station battery internal ohmic tests',
    regulation: 'NERC PRC-005-6',
    programArea: 'NERC Reliability',
    category: 'SAFETY',
    frequency: 'SEMI-ANNUAL',
    firstDueDate: '2023-05-31',
    facilities: ALL,
    description: 'Cell-to-cell and terminal connection resistance; internal ohmic value of each cell.',
  },
  {
    title: 'PRC-005 communications system verification',
    regulation: 'NERC PRC-005-6',
    programArea: 'NERC Reliability',
    category: 'SAFETY',
    frequency: '12 YEARS',
    firstDueDate: '2018-10-31',
    facilities: ['SWR-W', 'CGH-H', 'MES-B'],
    description: 'Verify the performance of the channel and the quality of the signal of teleprotection schemes.',
  },
  {
    title: 'CIP-002 BES Cyber System categorization review',
    regulation: 'NERC CIP-002-5.1a',
    programArea: 'NERC Reliability',
    category: 'SAFETY',
    frequency: 'YEARLY',
    firstDueDate: '2023-12-15',
    facilities: ALL,
    description: 'Review identifications of BES Cyber Systems and have the CIP Senior Manager approve them.',
  },
  {
    title: 'VAR-002 AVR status and voltage schedule log review',
    regulation: 'NERC VAR-002-4.1',
    programArea: 'NERC Reliability',
    category: 'SAFETY',
    frequency: 'MONTHLY',
    firstDueDate: '2023-01-10',
    facilities: [...WIND, ...SOLAR, ...HYDRO],
    description: 'Confirm the automatic voltage regulator stayed in service; list every notification to the TOP.',
  },
  {
    title: 'Generator reactive capability verification (MOD-025)',
    regulation: 'NERC VAR-002-4.1',
    programArea: 'NERC Reliability',
    category: 'SAFETY',
    frequency: '5 YEARS',
    firstDueDate: '2022-08-31',
    facilities: [...HYDRO, 'DXV-G', 'PNB-BM'],
    description: 'Staged test of real and reactive capability; submit to the Transmission Planner.',
  },
  // Air quality
  {
    title: 'Title V semi-annual monitoring report',
    regulation: '06-096 CMR 115',
    programArea: 'Air Quality',
    category: 'AIR',
    frequency: 'SEMI-ANNUAL',
    firstDueDate: '2023-07-30',
    facilities: ['PNB-BM'],
    permitNumber: 'A-1034-70-E-R',
    description: 'Deviations, monitoring data summaries and certification by the responsible official.',
    evidenceRequired: true,
    minEvidence: 2,
  },
  {
    title: 'Title V annual compliance certification',
    regulation: '06-096 CMR 115',
    programArea: 'Air Quality',
    category: 'AIR',
    frequency: 'YEARLY',
    firstDueDate: '2024-01-30',
    facilities: ['PNB-BM'],
    permitNumber: 'A-1034-70-E-R',
    description: 'Certify compliance with every permit term for the calendar year.',
  },
  {
    title: 'Boiler opacity monitor (COMS) quarterly audit',
    regulation: '06-096 CMR 115',
    programArea: 'Air Quality',
    category: 'AIR',
    frequency: 'QUARTERLY',
    firstDueDate: '2023-03-31',
    facilities: ['PNB-BM'],
    description: 'Zero/span and filter audits per 40 CFR 60 Appendix B PS-1.',
  },
  {
    title: 'Annual emission inventory submission',
    regulation: 'NAC 445B',
    programArea: 'Air Quality',
    category: 'AIR',
    frequency: 'YEARLY',
    firstDueDate: '2023-03-01',
    facilities: THERMAL,
    description: 'Report actual annual emissions of criteria pollutants and HAPs.',
  },
  {
    title: 'Hydrogen sulfide abatement system inspection',
    regulation: 'NAC 445B',
    programArea: 'Air Quality',
    category: 'AIR',
    frequency: 'MONTHLY',
    firstDueDate: '2023-01-20',
    facilities: ['DXV-G'],
    description: 'Inspect the Stretford unit and the cooling tower drift eliminators; record H2S readings.',
  },
  {
    title: 'Emergency generator maintenance and run-time log',
    regulation: '30 TAC 106',
    programArea: 'Air Quality',
    category: 'AIR',
    frequency: 'MONTHLY',
    firstDueDate: '2023-01-05',
    facilities: ['SWR-W', 'RMS-W', 'PRW-W'],
    description: 'Record non-emergency run hours (100 h/yr limit) and the monthly exercise.',
  },
  {
    title: 'Permit-by-rule registration renewal',
    regulation: '30 TAC 106',
    programArea: 'Air Quality',
    category: 'AIR',
    frequency: '10 YEARS',
    firstDueDate: '2017-06-01',
    facilities: ['SWR-W'],
    description: 'Renew the PBR registration for the emergency engines.',
  },
  // Hazardous materials and waste
  {
    title: 'Hazardous waste accumulation area weekly inspection',
    regulation: '40 CFR 262',
    programArea: 'Waste Management',
    category: 'WASTE',
    frequency: 'WEEKLY',
    firstDueDate: '2023-01-06',
    facilities: ['PNB-BM'],
    weekendShift: 'PREVIOUS',
    description: 'Containers closed, labeled, dated; aisle space; secondary containment.',
    graceDays: 2,
  },
  {
    title: 'Universal waste inventory (batteries, lamps)',
    regulation: '40 CFR 273',
    programArea: 'Waste Management',
    category: 'WASTE',
    frequency: 'QUARTERLY',
    firstDueDate: '2023-03-31',
    facilities: ['MES-B', ...SOLAR, 'DXV-G'],
    description: 'Count and date universal waste; ship anything older than one year.',
  },
  {
    title: 'Biennial hazardous waste report',
    regulation: '40 CFR 262',
    programArea: 'Waste Management',
    category: 'WASTE',
    frequency: 'BIENNIAL',
    firstDueDate: '2024-03-01',
    facilities: ['PNB-BM', 'DXV-G'],
    description: 'EPA Form 8700-13 A/B for the previous calendar year.',
  },
  {
    title: 'Waste manifest reconciliation',
    regulation: '40 CFR 262',
    programArea: 'Waste Management',
    category: 'WASTE',
    frequency: 'MONTHLY',
    firstDueDate: '2023-01-25',
    facilities: ['PNB-BM'],
    description: 'Match returned manifests to shipments; escalate any copy missing after 35 days.',
  },
  {
    title: 'Used oil and filter recycling records',
    programArea: 'Waste Management',
    category: 'WASTE',
    frequency: 'SEMI-ANNUAL',
    firstDueDate: '2023-06-15',
    facilities: WIND,
    description: 'Keep bills of lading and recycler certificates for gearbox oil changes.',
  },
  // Health & safety
  {
    title: 'Lockout/tagout periodic inspection of procedures',
    regulation: '29 CFR 1910.147',
    programArea: 'Health & Safety',
    category: 'SAFETY',
    frequency: 'YEARLY',
    firstDueDate: '2023-05-15',
    facilities: ALL,
    description: 'An authorized employee other than those using the procedure inspects each energy-control procedure.',
  },
  {
    title: 'Arc flash hazard analysis update',
    programArea: 'Health & Safety',
    category: 'SAFETY',
    frequency: '5 YEARS',
    firstDueDate: '2022-04-30',
    facilities: ALL,
    description: 'NFPA 70E risk assessment and updated equipment labels.',
  },
  {
    title: 'Fall protection equipment inspection (climb assist, harnesses)',
    programArea: 'Health & Safety',
    category: 'SAFETY',
    frequency: 'SEMI-ANNUAL',
    firstDueDate: '2023-04-30',
    facilities: WIND,
    description: 'Competent-person inspection of harnesses, lanyards, ladder safety systems and climb assists.',
  },
  {
    title: 'Fire extinguisher monthly visual check',
    programArea: 'Health & Safety',
    category: 'SAFETY',
    frequency: 'MONTHLY',
    firstDueDate: '2023-01-31',
    facilities: ALL,
    weekendShift: 'PREVIOUS',
    description: 'Pressure in range, seal intact, accessible; initial and date the tag.',
  },
  {
    title: 'Fire extinguisher annual maintenance',
    programArea: 'Health & Safety',
    category: 'SAFETY',
    frequency: 'YEARLY',
    firstDueDate: '2023-08-31',
    facilities: ALL,
    description: 'Annual maintenance by a certified technician (NFPA 10).',
  },
  {
    title: 'Emergency action plan drill',
    programArea: 'Health & Safety',
    category: 'SAFETY',
    frequency: 'YEARLY',
    firstDueDate: '2023-10-15',
    facilities: ALL,
    description: 'Evacuation and rescue drill, including a tower rescue at wind sites.',
  },
  {
    title: 'Process safety management compliance audit',
    regulation: '29 CFR 1910.119',
    programArea: 'Health & Safety',
    category: 'SAFETY',
    frequency: 'TRIENNUAL',
    firstDueDate: '2023-09-30',
    facilities: ['DXV-G'],
    description: 'Certify compliance with the PSM standard for the isopentane binary cycle.',
  },
  {
    title: 'Risk management plan five-year update',
    regulation: '40 CFR 68',
    programArea: 'Health & Safety',
    category: 'HAZARDOUS_MATERIALS',
    frequency: '5 YEARS',
    firstDueDate: '2022-06-21',
    facilities: ['DXV-G'],
    description: 'Resubmit the RMP through RMP*eSubmit, including the hazard assessment.',
  },
  {
    title: 'Battery energy storage thermal runaway detection test',
    regulation: 'CFC 1207',
    programArea: 'Health & Safety',
    category: 'SAFETY',
    frequency: 'QUARTERLY',
    firstDueDate: '2023-02-15',
    facilities: ['MES-B'],
    description: 'Test off-gas detection, deflagration venting controls and the alarm to the fire department.',
  },
  {
    title: 'BESS emergency response plan review with the fire department',
    regulation: 'Kern County CUP 14, Map 213',
    programArea: 'Health & Safety',
    category: 'SAFETY',
    frequency: 'YEARLY',
    firstDueDate: '2023-06-01',
    facilities: ['MES-B'],
    description: 'Annual walk-down with Kern County Fire; update the pre-incident plan.',
    evidenceRequired: true,
    minEvidence: 1,
  },
  {
    title: 'BESS container HVAC and fire suppression inspection',
    regulation: 'CFC 1207',
    programArea: 'Health & Safety',
    category: 'SAFETY',
    frequency: 'MONTHLY',
    firstDueDate: '2023-01-12',
    facilities: ['MES-B'],
    description: 'HVAC setpoints, clean-agent cylinder pressures, door seals.',
  },
  // Cultural resources
  {
    title: 'Cultural resources monitoring during ground disturbance',
    regulation: '36 CFR 800',
    programArea: 'Cultural Resources',
    category: 'SUSTAINABILITY',
    frequency: 'ONCE',
    firstDueDate: '2026-06-01',
    facilities: ['MDS-S', 'THS-S'],
    description: 'Tribal monitor present for the array expansion trenching; report any discovery within 48 hours.',
  },
  {
    title: 'Section 106 annual compliance letter',
    regulation: '36 CFR 800',
    programArea: 'Cultural Resources',
    category: 'SUSTAINABILITY',
    frequency: 'YEARLY',
    firstDueDate: '2023-12-31',
    facilities: ['MDS-S', 'SSN-S'],
    description: 'Letter to the SHPO confirming avoidance areas remain fenced and undisturbed.',
  },
  // Hydro
  {
    title: 'FERC dam safety inspection (Part 12D)',
    regulation: '18 CFR 12',
    programArea: 'Health & Safety',
    category: 'SAFETY',
    frequency: '5 YEARS',
    firstDueDate: '2021-09-30',
    facilities: HYDRO,
    description: 'Independent consultant inspection and report to the FERC regional engineer.',
  },
  {
    title: 'Dam safety surveillance and monitoring report',
    regulation: '18 CFR 12',
    programArea: 'Health & Safety',
    category: 'SAFETY',
    frequency: 'YEARLY',
    firstDueDate: '2023-03-31',
    facilities: HYDRO,
    description: 'Instrumentation readings (piezometers, weirs, survey monuments) with trend analysis.',
  },
  {
    title: 'Public safety plan signage and buoy inspection',
    regulation: '18 CFR 12',
    programArea: 'Health & Safety',
    category: 'SAFETY',
    frequency: 'QUARTERLY',
    firstDueDate: '2023-03-15',
    facilities: HYDRO,
    description: 'Warning signs, boat barrier, buoys and sirens upstream and downstream.',
  },
  {
    title: 'Fish passage facility operations check',
    regulation: 'RCW 77.55',
    programArea: 'Stormwater',
    category: 'WATER',
    frequency: 'WEEKLY',
    firstDueDate: '2023-01-04',
    facilities: ['CGH-H'],
    description: 'Ladder flows, attraction water, debris on the trash racks.',
    activeUntil: '2027-12-31',
  },
  {
    title: 'Hydraulic project approval: spillway repair in-water work report',
    regulation: 'RCW 77.55',
    programArea: 'Stormwater',
    category: 'WATER',
    frequency: 'ONCE',
    firstDueDate: '2025-10-31',
    facilities: ['CGH-H'],
    permitNumber: 'HPA 2025-4-118+01',
    description: 'Report turbidity monitoring and fish salvage for the in-water work window.',
  },
  {
    title: 'Oil-water separator inspection',
    regulation: '40 CFR 112',
    programArea: 'SPCC',
    category: 'WATER',
    frequency: 'QUARTERLY',
    firstDueDate: '2023-01-31',
    facilities: [...HYDRO, 'PNB-BM'],
    description: 'Sludge depth, oil layer thickness, effluent sheen; schedule pump-out when needed.',
  },
  // Solar and wind specific
  {
    title: 'Inverter pad transformer oil sampling',
    regulation: '40 CFR 112',
    programArea: 'SPCC',
    category: 'QUALITY',
    frequency: 'YEARLY',
    firstDueDate: '2023-05-31',
    facilities: SOLAR,
    description: 'Dissolved gas analysis of each pad-mounted transformer.',
  },
  {
    title: 'Vegetation management and fire break inspection',
    programArea: 'Health & Safety',
    category: 'SAFETY',
    frequency: 'QUARTERLY',
    firstDueDate: '2023-03-15',
    facilities: [...SOLAR, 'MES-B'],
    description: 'Mow height, fire breaks around inverters and the substation, herbicide records.',
  },
  {
    title: 'Module washing water use report',
    programArea: 'Stormwater',
    category: 'WATER',
    frequency: 'YEARLY',
    firstDueDate: '2024-01-31',
    facilities: ['SSN-S', 'MDS-S'],
    description: 'Annual water volumes used for panel washing, by source.',
  },
  {
    title: 'Turbine gearbox oil analysis',
    programArea: 'SPCC',
    category: 'QUALITY',
    frequency: 'SEMI-ANNUAL',
    firstDueDate: '2023-03-31',
    facilities: WIND,
    description: 'Sample every gearbox; flag particle counts above ISO 4406 18/16/13.',
  },
  {
    title: 'Aviation obstruction lighting outage check',
    programArea: 'Health & Safety',
    category: 'SAFETY',
    frequency: 'WEEKLY',
    firstDueDate: '2023-01-03',
    facilities: ['PRW-W', 'RMS-W'],
    description: 'Confirm every FAA light is working; file a NOTAM for any outage within 15 minutes.',
    graceDays: 1,
  },
  {
    title: 'Shadow flicker and noise complaint log review',
    programArea: 'Health & Safety',
    category: 'SUSTAINABILITY',
    frequency: 'QUARTERLY',
    firstDueDate: '2023-03-31',
    facilities: ['MBW-W', 'PRW-W'],
    description: 'Review complaints and curtailment responses with the county.',
  },
  {
    title: 'Decommissioning financial assurance renewal',
    programArea: 'Cultural Resources',
    category: 'SUSTAINABILITY',
    frequency: 'TRIENNUAL',
    firstDueDate: '2024-06-30',
    facilities: [...WIND, ...SOLAR],
    description: 'Renew the bond or letter of credit and send the updated estimate to the county.',
    notApplicable: { 'THS-S': 'County ordinance predates the decommissioning requirement' },
  },
  {
    title: 'Sustainability report: greenhouse gas inventory',
    programArea: 'Air Quality',
    category: 'SUSTAINABILITY',
    frequency: 'YEARLY',
    firstDueDate: '2023-04-30',
    facilities: ALL,
    description: 'Scope 1 and 2 emissions (SF6 from breakers, fuel use, purchased power) for the corporate report.',
  },
  {
    title: 'SF6 breaker leak check and inventory',
    programArea: 'Air Quality',
    category: 'AIR',
    frequency: 'QUARTERLY',
    firstDueDate: '2023-03-31',
    facilities: [...WIND, ...SOLAR, ...HYDRO],
    description: 'Gas density readings and top-ups for every SF6 breaker; report annual emissions.',
  },
  {
    title: 'Transformer oil containment inspection after rainfall',
    regulation: '40 CFR 112',
    programArea: 'SPCC',
    category: 'WATER',
    frequency: 'MONTHLY',
    firstDueDate: '2026-02-20',
    scheduleMode: 'AFTER_COMPLETION',
    facilities: ['MES-B', 'DXV-G'],
    description: 'At most one month between inspections: the next is due one month after the previous was done.',
  },
  // Reports due after the period they report on (period-end mode): the task names the period.
  {
    title: 'NPDES discharge monitoring report (DMR) via NetDMR',
    regulation: '40 CFR 122.26',
    programArea: 'Stormwater',
    category: 'WATER',
    frequency: 'MONTHLY',
    scheduleMode: 'PERIOD_END',
    periodDueDayOfMonth: 28,
    firstDueDate: '2024-01-28',
    weekendShift: 'PREVIOUS',
    facilities: ['CGH-H', 'PNB-BM'],
    permitNumber: 'NPDES permit, Part III.C',
    description:
      'Sampling results of the month (flow, TSS, oil and grease, pH) entered and signed in NetDMR by the 28th of the following month.',
  },
  {
    title: 'Quarterly air emissions report to the state agency',
    programArea: 'Air Quality',
    category: 'AIR',
    frequency: 'QUARTERLY',
    scheduleMode: 'PERIOD_END',
    periodDueDays: 30,
    firstDueDate: '2024-01-30',
    weekendShift: 'NEXT',
    facilities: THERMAL,
    description:
      'Fuel use, hours of operation and CEMS summaries of the quarter; due 30 days after quarter end, the next business day when that is a weekend or a state holiday.',
  },
  {
    title: 'Semi-annual groundwater monitoring report',
    programArea: 'Stormwater',
    category: 'WATER',
    frequency: 'SEMI-ANNUAL',
    scheduleMode: 'PERIOD_END',
    periodDueDays: 60,
    firstDueDate: '2024-02-29',
    weekendShift: 'NEXT',
    facilities: ['MES-B', 'DXV-G'],
    description:
      'Well sampling of the half-year with the lab report and trend charts, due 60 days after the half-year ends.',
  },
];

export async function loadRequirements(ctx: DemoContext): Promise<void> {
  const count = tally(ctx, 'requirements');
  const generation = createTaskGenerationService(ctx.db, ctx.services.audit, { clock: systemClock });
  const requirements = createRequirementsService(ctx.db, {
    audit: ctx.services.audit,
    generation,
    regulations: ctx.services.regulations,
    programAreas: ctx.services.programAreas,
    clock: systemClock,
  });
  // Two years of history: everything due since then comes as tasks to complete (or left overdue).
  const backfillFrom = addMonthsClamped(todayInTimeZone('UTC'), -24);
  const compliance = ctx.refs.users.get('compliance@demo.rtms') ?? null;
  // The site person who does a facility's tasks: a facility user there, else a facility admin.
  const assigneeAt = (code: string): string | null => {
    const people = DEMO_USERS.filter((user) => user.facilities.includes(code));
    const person = people.find((user) => user.role === 'FACILITY_USER') ?? people[0];
    return person ? (ctx.refs.users.get(person.email) ?? null) : null;
  };
  let tasks = 0;
  for (const item of DEMO_REQUIREMENTS) {
    const existing = await ctx.db
      .selectFrom('requirements')
      .select('id')
      .where('title', '=', item.title)
      .executeTakeFirst();
    if (existing) {
      count.existing();
      continue;
    }
    const facilities = item.facilities
      .map((code) => ({ code, id: ctx.refs.facilities.get(code) }))
      .filter((facility): facility is { code: string; id: string } => Boolean(facility.id));
    if (facilities.length === 0) continue; // the facility loader did not run
    const body = createRequirementBodySchema.parse({
      title: item.title,
      description: item.description,
      regulationId: item.regulation ? (ctx.refs.regulations.get(item.regulation) ?? null) : null,
      citation: item.citation ?? item.regulation ?? null,
      programAreaId: item.programArea ? (ctx.refs.programAreas.get(item.programArea) ?? null) : null,
      category: item.category,
      frequency: item.frequency,
      scheduleMode: item.scheduleMode ?? 'CALENDAR',
      firstDueDate: item.firstDueDate,
      weekendShift: item.weekendShift ?? 'NONE',
      ...(item.scheduleMode === 'PERIOD_END'
        ? {
            periodDueDays: item.periodDueDays ?? null,
            periodDueDayOfMonth: item.periodDueDayOfMonth ?? null,
            periodStartMonth: item.periodStartMonth ?? 1,
          }
        : {}),
      ...(item.graceDays !== undefined ? { graceDays: item.graceDays } : {}),
      evidenceRequired: item.evidenceRequired ?? false,
      minEvidence: item.minEvidence ?? 0,
      permitNumber: item.permitNumber ?? null,
      activeUntil: item.activeUntil ?? null,
      defaultAssigneeId: compliance,
      // Evidence-gated obligations start from today: their history would need the files.
      backfillFrom: item.evidenceRequired ? null : backfillFrom,
      facilities: facilities.map(({ code, id }) => {
        const reason = item.notApplicable?.[code];
        return reason
          ? { facilityId: id, applicable: false, notApplicableReason: reason }
          : { facilityId: id, assigneeId: assigneeAt(code) };
      }),
    });
    const saved = await requirements.create(ctx.principal, body);
    tasks += saved.meta.tasks.added;
    count.created();
  }
  count.print();
  if (tasks) ctx.print(`  tasks generated: ${tasks}`);
}
