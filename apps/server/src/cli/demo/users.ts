import type { Role } from '@rtms/shared/enums';
import { createUserBodySchema } from '@rtms/shared/schemas/users';
import { findFacilityIdsOfUser } from '../../features/user-facilities/user-facilities.repository';
import { findUserByEmail } from '../../features/users/users.repository';
import { tally, type DemoContext } from './context';

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  password: string;
  /** Facility codes (facility roles only). */
  facilities: string[];
}

/** One user of each role with a known password, and a few more people at the sites. */
export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@demo.rtms',
    firstName: 'Alex',
    lastName: 'Morgan',
    role: 'ALL_FACILITY_ADMIN',
    password: 'RtmsDemo-Admin-2025',
    facilities: [],
  },
  {
    email: 'compliance@demo.rtms',
    firstName: 'Priya',
    lastName: 'Raman',
    role: 'ALL_FACILITY_USER',
    password: 'RtmsDemo-Compliance-2025',
    facilities: [],
  },
  {
    email: 'site.admin@demo.rtms',
    firstName: 'José',
    lastName: 'Muñoz',
    role: 'FACILITY_ADMIN',
    password: 'RtmsDemo-SiteAdmin-2025',
    facilities: ['SWR-W', 'RMS-W', 'PRW-W'],
  },
  {
    email: 'technician@demo.rtms',
    firstName: 'Emma',
    lastName: 'Johansson',
    role: 'FACILITY_USER',
    password: 'RtmsDemo-Technician-2025',
    facilities: ['SWR-W', 'RMS-W'],
  },
  {
    email: 'hydro.lead@demo.rtms',
    firstName: 'Daniel',
    lastName: 'Whitehorse',
    role: 'FACILITY_ADMIN',
    password: 'RtmsDemo-Technician-2025',
    facilities: ['CGH-H', 'WFH-H'],
  },
  {
    email: 'solar.tech@demo.rtms',
    firstName: 'María',
    lastName: 'González',
    role: 'FACILITY_USER',
    password: 'RtmsDemo-Technician-2025',
    facilities: ['SSN-S', 'MDS-S'],
  },
  {
    email: 'storage.tech@demo.rtms',
    firstName: 'Kenji',
    lastName: 'Watanabe',
    role: 'FACILITY_USER',
    password: 'RtmsDemo-Technician-2025',
    facilities: ['MES-B'],
  },
  {
    email: 'plant.engineer@demo.rtms',
    firstName: 'Zoë',
    lastName: 'Ångström',
    role: 'FACILITY_ADMIN',
    password: 'RtmsDemo-Technician-2025',
    facilities: ['DXV-G', 'PNB-BM'],
  },
];

export async function loadUsers(ctx: DemoContext): Promise<void> {
  const count = tally(ctx, 'users');
  const credentials: string[] = [];
  for (const user of DEMO_USERS) {
    const facilityIds = user.facilities.map((code) => {
      const id = ctx.refs.facilities.get(code);
      if (!id) throw new Error(`Demo data: facility ${code} was not loaded`);
      return id;
    });
    const existing = await findUserByEmail(ctx.db, user.email);
    if (existing) {
      ctx.refs.users.set(user.email, existing.id);
      // Top up missing assignments (someone may have removed them); never touch the password.
      const assigned = new Set(await findFacilityIdsOfUser(ctx.db, existing.id));
      const missing = facilityIds.filter((id) => !assigned.has(id));
      if (missing.length) {
        await ctx.services.userFacilities.bulk(ctx.principal, {
          action: 'assign',
          userIds: [existing.id],
          facilityIds: missing,
        });
      }
      credentials.push(
        `    ${user.role.padEnd(19)} ${user.email.padEnd(26)} ${user.password} (already there: unless changed since)`,
      );
      count.existing();
      continue;
    }
    const { facilities: _codes, ...fields } = user;
    const created = await ctx.services.users.create(
      ctx.principal,
      createUserBodySchema.parse({ ...fields, mustChangePassword: false, facilityIds }),
    );
    ctx.refs.users.set(user.email, created._id);
    credentials.push(`    ${user.role.padEnd(19)} ${user.email.padEnd(26)} ${user.password}`);
    count.created();
  }
  count.print();
  ctx.print('  demo sign-ins (role, email, password):');
  for (const line of credentials) ctx.print(line);
}
