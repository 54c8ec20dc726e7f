import type { FacilityStatus, FacilityType } from '@rtms/shared/enums';
import { createFacilityBodySchema } from '@rtms/shared/schemas/facilities';
import { findFacilityByCode } from '../../features/facilities/facilities.repository';
import { loadEach, type DemoContext } from './context';

interface DemoFacility {
  name: string;
  code: string;
  type: FacilityType;
  status?: FacilityStatus;
  address: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  capacityMw: number;
  commercialOperationDate: string;
  timeZone: string;
  notes?: string;
  programAreas: string[];
}

const WIND = [
  'Avian & Bat Protection',
  'Stormwater',
  'SPCC',
  'NERC Reliability',
  'Health & Safety',
  'Cultural Resources',
];
const SOLAR = ['Stormwater', 'Cultural Resources', 'NERC Reliability', 'Health & Safety', 'Waste Management'];
const HYDRO = ['SPCC', 'NERC Reliability', 'Health & Safety', 'Stormwater'];
const STORAGE = ['Health & Safety', 'Waste Management', 'NERC Reliability', 'SPCC'];
const GEOTHERMAL = ['Air Quality', 'Waste Management', 'Health & Safety', 'SPCC', 'NERC Reliability'];
const BIOMASS = ['Air Quality', 'Waste Management', 'Stormwater', 'SPCC', 'Health & Safety'];

/** A dozen plants of six kinds across nine states and four US time zones. */
export const DEMO_FACILITIES: DemoFacility[] = [
  {
    name: 'Sweetwater Ridge Wind',
    code: 'SWR-W',
    type: 'WIND',
    address: '4800 FM 1982',
    city: 'Sweetwater',
    state: 'TX',
    latitude: 32.4709,
    longitude: -100.4059,
    capacityMw: 250.5,
    commercialOperationDate: '2012-12-15',
    timeZone: 'America/Chicago',
    notes: '122 turbines. Golden eagle nest 2.1 mi NE of T-87: spring monitoring.',
    programAreas: WIND,
  },
  {
    name: 'Red Mesa Wind',
    code: 'RMS-W',
    type: 'WIND',
    address: '21 County Road 190',
    city: 'Woodward',
    state: 'OK',
    latitude: 36.4337,
    longitude: -99.3904,
    capacityMw: 180,
    commercialOperationDate: '2016-08-01',
    timeZone: 'America/Chicago',
    programAreas: WIND,
  },
  {
    name: 'Medicine Bow Wind',
    code: 'MBW-W',
    type: 'WIND',
    address: '1 Wind Farm Road',
    city: 'Medicine Bow',
    state: 'WY',
    latitude: 41.8966,
    longitude: -106.2025,
    capacityMw: 300,
    commercialOperationDate: '2020-11-20',
    timeZone: 'America/Denver',
    notes: 'Eagle incidental take permit in force; curtailment plan April–October.',
    programAreas: WIND,
  },
  {
    name: 'Sonoran Sun Solar',
    code: 'SSN-S',
    type: 'SOLAR',
    address: '36000 W Watermelon Road',
    city: 'Gila Bend',
    state: 'AZ',
    latitude: 32.9478,
    longitude: -112.7171,
    capacityMw: 300,
    commercialOperationDate: '2018-03-31',
    timeZone: 'America/Phoenix',
    programAreas: SOLAR,
  },
  {
    name: 'Mesa del Sol PV',
    code: 'MDS-S',
    type: 'SOLAR',
    address: '5700 University Blvd SE',
    city: 'Albuquerque',
    state: 'NM',
    latitude: 34.9731,
    longitude: -106.6983,
    capacityMw: 50,
    commercialOperationDate: '2021-06-15',
    timeZone: 'America/Denver',
    programAreas: SOLAR,
  },
  {
    name: 'Tar Heel Solar',
    code: 'THS-S',
    type: 'SOLAR',
    address: '1450 Old Stage Road',
    city: 'Wilson',
    state: 'NC',
    latitude: 35.7212,
    longitude: -77.9155,
    capacityMw: 80,
    commercialOperationDate: '2019-10-01',
    timeZone: 'America/New_York',
    programAreas: SOLAR,
  },
  {
    name: 'Columbia Gorge Hydro',
    code: 'CGH-H',
    type: 'HYDRO',
    address: '200 Powerhouse Road',
    city: 'Stevenson',
    state: 'WA',
    latitude: 45.6957,
    longitude: -121.8845,
    capacityMw: 120,
    commercialOperationDate: '1998-05-01',
    timeZone: 'America/Los_Angeles',
    notes: 'FERC-licensed; high-hazard dam. Part 12D inspection due 2027.',
    programAreas: HYDRO,
  },
  {
    name: 'Willamette Falls Hydro',
    code: 'WFH-H',
    type: 'HYDRO',
    status: 'INACTIVE',
    address: '1 Mill Street',
    city: 'Oregon City',
    state: 'OR',
    latitude: 45.3534,
    longitude: -122.6184,
    capacityMw: 16,
    commercialOperationDate: '1954-07-01',
    timeZone: 'America/Los_Angeles',
    notes: 'Units offline since 2023 pending relicensing decision.',
    programAreas: HYDRO,
  },
  {
    name: 'Mojave Energy Storage Center',
    code: 'MES-B',
    type: 'BATTERY_STORAGE',
    address: '13200 Backus Road',
    city: 'Mojave',
    state: 'CA',
    latitude: 35.0525,
    longitude: -118.1739,
    capacityMw: 400,
    commercialOperationDate: '2022-09-01',
    timeZone: 'America/Los_Angeles',
    notes: 'Lithium iron phosphate, 4-hour. Annual fire department walk-through each June.',
    programAreas: STORAGE,
  },
  {
    name: 'Dixie Valley Geothermal',
    code: 'DXV-G',
    type: 'GEOTHERMAL',
    address: 'Dixie Valley Road, Mile 38',
    city: 'Fallon',
    state: 'NV',
    latitude: 39.9669,
    longitude: -117.8543,
    capacityMw: 62,
    commercialOperationDate: '1988-07-01',
    timeZone: 'America/Los_Angeles',
    programAreas: GEOTHERMAL,
  },
  {
    name: 'Penobscot Biomass',
    code: 'PNB-BM',
    type: 'BIOMASS',
    address: '110 Mill Lane',
    city: 'Old Town',
    state: 'ME',
    latitude: 44.9342,
    longitude: -68.6456,
    capacityMw: 25,
    commercialOperationDate: '2008-01-15',
    timeZone: 'America/New_York',
    notes: 'Wood-chip stoker boiler; CEMS for NOx and CO.',
    programAreas: BIOMASS,
  },
  {
    name: 'Prairie Rose Wind',
    code: 'PRW-W',
    type: 'WIND',
    address: '2750 220th Street',
    city: 'Kimballton',
    state: 'IA',
    latitude: 41.6286,
    longitude: -95.0719,
    capacityMw: 200,
    commercialOperationDate: '2014-12-31',
    timeZone: 'America/Chicago',
    programAreas: WIND,
  },
];

export function loadFacilities(ctx: DemoContext): Promise<void> {
  const programAreaIdOf = (name: string) => {
    const id = ctx.refs.programAreas.get(name);
    if (!id) throw new Error(`Demo data: program area "${name}" was not loaded`);
    return id;
  };
  return loadEach(ctx, 'facilities', DEMO_FACILITIES, {
    refs: ctx.refs.facilities,
    keyOf: (facility) => facility.code,
    find: (facility) => findFacilityByCode(ctx.db, facility.code),
    create: ({ programAreas, ...fields }) => {
      const programAreaIds = programAreas.map(programAreaIdOf);
      return ctx.services.facilities.create(
        ctx.principal,
        createFacilityBodySchema.parse({ ...fields, country: 'US', programAreaIds }),
      );
    },
  });
}
