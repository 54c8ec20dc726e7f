import type { Jurisdiction } from '@rtms/shared/enums';
import { createRegulationBodySchema } from '@rtms/shared/schemas/regulations';
import { findRegulationByTitle } from '../../features/regulations/regulations.repository';
import { loadEach, type DemoContext } from './context';

interface DemoRegulation {
  title: string;
  citation: string;
  agency: string;
  jurisdiction: Jurisdiction;
  link?: string;
  description: string;
}

/** Real rules that bind wind, solar, hydro, storage, geothermal and biomass plants in the United States. */
export const DEMO_REGULATIONS: DemoRegulation[] = [
  {
    title: 'Oil Pollution Prevention: Spill Prevention, Control, and Countermeasure (SPCC)',
    citation: '40 CFR 112',
    agency: 'U.S. Environmental Protection Agency',
    jurisdiction: 'FEDERAL',
    link: 'https://www.ecfr.gov/current/title-40/chapter-I/subchapter-D/part-112',
    description:
      'Facilities with more than 1,320 gallons of aboveground oil storage (transformers, GSUs, tanks) keep a certified SPCC plan, inspect monthly and review the plan every five years.',
  },
  {
    title: 'NPDES Stormwater Discharges Associated with Industrial and Construction Activity',
    citation: '40 CFR 122.26',
    agency: 'U.S. Environmental Protection Agency',
    jurisdiction: 'FEDERAL',
    link: 'https://www.ecfr.gov/current/title-40/chapter-I/subchapter-D/part-122/subpart-B/section-122.26',
    description:
      'Permit coverage, a stormwater pollution prevention plan (SWPPP), routine inspections and benchmark sampling.',
  },
  {
    title: 'Migratory Bird Treaty Act',
    citation: '16 U.S.C. 703–712',
    agency: 'U.S. Fish and Wildlife Service',
    jurisdiction: 'FEDERAL',
    link: 'https://www.fws.gov/law/migratory-bird-treaty-act-1918',
    description:
      'Prohibits the take of migratory birds; wind projects follow the Land-Based Wind Energy Guidelines and report fatalities.',
  },
  {
    title: 'Bald and Golden Eagle Protection Act',
    citation: '16 U.S.C. 668–668d',
    agency: 'U.S. Fish and Wildlife Service',
    jurisdiction: 'FEDERAL',
    link: 'https://www.fws.gov/law/bald-and-golden-eagle-protection-act',
    description:
      'Eagle incidental take permits (50 CFR 22.200) with monitoring, adaptive management and annual reports.',
  },
  {
    title: 'Protection System, Automatic Reclosing, and Sudden Pressure Relaying Maintenance',
    citation: 'NERC PRC-005-6',
    agency: 'North American Electric Reliability Corporation',
    jurisdiction: 'FEDERAL',
    link: 'https://www.nerc.com/pa/Stand/Reliability%20Standards/PRC-005-6.pdf',
    description:
      'Maintenance intervals for protective relays, communications, voltage and current sensing, station DC supply.',
  },
  {
    title: 'Cyber Security: BES Cyber System Categorization',
    citation: 'NERC CIP-002-5.1a',
    agency: 'North American Electric Reliability Corporation',
    jurisdiction: 'FEDERAL',
    link: 'https://www.nerc.com/pa/Stand/Reliability%20Standards/CIP-002-5.1a.pdf',
    description:
      'Identify and categorize BES Cyber Systems; review and approve the list at least every 15 calendar months.',
  },
  {
    title: 'Generator Operation for Maintaining Network Voltage Schedules',
    citation: 'NERC VAR-002-4.1',
    agency: 'North American Electric Reliability Corporation',
    jurisdiction: 'FEDERAL',
    link: 'https://www.nerc.com/pa/Stand/Reliability%20Standards/VAR-002-4.1.pdf',
    description:
      'Operate in automatic voltage control, notify the Transmission Operator of AVR and PSS status changes.',
  },
  {
    title: 'Chemical Accident Prevention Provisions (Risk Management Program)',
    citation: '40 CFR 68',
    agency: 'U.S. Environmental Protection Agency',
    jurisdiction: 'FEDERAL',
    link: 'https://www.ecfr.gov/current/title-40/chapter-I/subchapter-C/part-68',
    description:
      'Risk management plans for listed substances above threshold (e.g. isopentane at geothermal binary plants).',
  },
  {
    title: 'Process Safety Management of Highly Hazardous Chemicals',
    citation: '29 CFR 1910.119',
    agency: 'Occupational Safety and Health Administration',
    jurisdiction: 'FEDERAL',
    link: 'https://www.osha.gov/laws-regs/regulations/standardnumber/1910/1910.119',
    description:
      'Process hazard analyses, operating procedures, mechanical integrity and compliance audits every three years.',
  },
  {
    title: 'The Control of Hazardous Energy (Lockout/Tagout)',
    citation: '29 CFR 1910.147',
    agency: 'Occupational Safety and Health Administration',
    jurisdiction: 'FEDERAL',
    link: 'https://www.osha.gov/laws-regs/regulations/standardnumber/1910/1910.147',
    description: 'Energy control program with annual periodic inspection of each energy control procedure.',
  },
  {
    title: 'Standards Applicable to Generators of Hazardous Waste',
    citation: '40 CFR 262',
    agency: 'U.S. Environmental Protection Agency',
    jurisdiction: 'FEDERAL',
    link: 'https://www.ecfr.gov/current/title-40/chapter-I/subchapter-I/part-262',
    description: 'Generator category, accumulation limits, manifests and biennial reporting.',
  },
  {
    title: 'Standards for Universal Waste Management (batteries, lamps)',
    citation: '40 CFR 273',
    agency: 'U.S. Environmental Protection Agency',
    jurisdiction: 'FEDERAL',
    link: 'https://www.ecfr.gov/current/title-40/chapter-I/subchapter-I/part-273',
    description: 'Labeling, one-year accumulation limit and training for universal waste handlers.',
  },
  {
    title: 'Protection of Historic Properties (Section 106)',
    citation: '36 CFR 800',
    agency: 'Advisory Council on Historic Preservation',
    jurisdiction: 'FEDERAL',
    link: 'https://www.ecfr.gov/current/title-36/chapter-VIII/part-800',
    description:
      'Consultation on effects to historic properties; unanticipated discovery plans during ground disturbance.',
  },
  {
    title: 'Safety of Water Power Projects and Project Works',
    citation: '18 CFR 12',
    agency: 'Federal Energy Regulatory Commission',
    jurisdiction: 'FEDERAL',
    link: 'https://www.ecfr.gov/current/title-18/chapter-I/subchapter-B/part-12',
    description:
      'Dam safety surveillance and monitoring plans, emergency action plans and independent consultant inspections.',
  },
  {
    title: 'Texas Air Quality Permit by Rule',
    citation: '30 TAC 106',
    agency: 'Texas Commission on Environmental Quality',
    jurisdiction: 'STATE',
    link: 'https://www.tceq.texas.gov/permitting/air/permitbyrule',
    description:
      'Permits by rule for emergency generators and other small sources at wind and solar sites; recordkeeping.',
  },
  {
    title: 'Maine Air Emission License',
    citation: '06-096 CMR 115',
    agency: 'Maine Department of Environmental Protection',
    jurisdiction: 'STATE',
    link: 'https://www.maine.gov/dep/air/licensing/',
    description:
      'Biomass boiler emission limits, continuous emission monitoring, stack testing and annual emission statements.',
  },
  {
    title: 'Nevada Class II Air Quality Operating Permit',
    citation: 'NAC 445B',
    agency: 'Nevada Division of Environmental Protection',
    jurisdiction: 'STATE',
    link: 'https://ndep.nv.gov/air/permitting',
    description: 'Hydrogen sulfide and non-condensable gas limits for geothermal plants; annual reports and fees.',
  },
  {
    title: 'California Fire Code: Energy Storage Systems',
    citation: 'CFC 1207',
    agency: 'California Office of the State Fire Marshal',
    jurisdiction: 'STATE',
    description:
      'Hazard mitigation analysis, emergency response plan and annual fire department walk-through for BESS sites.',
  },
  {
    title: 'Washington Hydraulic Project Approval',
    citation: 'RCW 77.55',
    agency: 'Washington Department of Fish and Wildlife',
    jurisdiction: 'STATE',
    link: 'https://wdfw.wa.gov/licenses/environmental/hpa',
    description: 'In-water work windows and fish protection conditions for work in or near state waters.',
  },
  {
    title: 'Kern County Conditional Use Permit: Battery Energy Storage',
    citation: 'Kern County CUP 14, Map 213',
    agency: 'Kern County Planning and Natural Resources Department',
    jurisdiction: 'LOCAL',
    description: 'Conditions of approval: annual compliance report, dust control, decommissioning financial assurance.',
  },
];

export function loadRegulations(ctx: DemoContext): Promise<void> {
  return loadEach(ctx, 'regulations', DEMO_REGULATIONS, {
    refs: ctx.refs.regulations,
    keyOf: (regulation) => regulation.citation,
    find: (regulation) => findRegulationByTitle(ctx.db, regulation.title),
    create: (regulation) =>
      ctx.services.regulations.create(ctx.principal, createRegulationBodySchema.parse(regulation)),
  });
}
