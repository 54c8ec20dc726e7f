import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/config';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import { SYSTEM_PRINCIPAL, createAuditService, type AuditService } from '../../features/audit/audit.service';
import { createFacilitiesService, type FacilitiesService } from '../../features/facilities/facilities.service';
import {
  createProgramAreasService,
  type ProgramAreasService,
} from '../../features/program-areas/program-areas.service';
import { createRegulationsService, type RegulationsService } from '../../features/regulations/regulations.service';
import { createSessionsService } from '../../features/sessions/sessions.service';
import {
  createUserFacilitiesService,
  type UserFacilitiesService,
} from '../../features/user-facilities/user-facilities.service';
import { createUsersService, type UsersService } from '../../features/users/users.service';

/**
 * What every demo loader receives: the database, the services (so that demo data goes through the same
 * validation and audit trail as the API), the acting principal (the system), a printer, and the ids of
 * what earlier loaders created, keyed by natural key, for later loaders (requirements, tasks…) to refer to.
 */
export interface DemoContext {
  db: Kysely<Database>;
  config: AppConfig;
  principal: Principal;
  services: {
    audit: AuditService;
    programAreas: ProgramAreasService;
    regulations: RegulationsService;
    facilities: FacilitiesService;
    userFacilities: UserFacilitiesService;
    users: UsersService;
  };
  /** Ids by natural key: program area name, regulation citation, facility code, user email. */
  refs: {
    programAreas: Map<string, string>;
    regulations: Map<string, string>;
    facilities: Map<string, string>;
    users: Map<string, string>;
  };
  print(line: string): void;
}

/** A demo loader: adds its group of entities, skipping what already exists (idempotent). */
export type DemoLoader = (ctx: DemoContext) => Promise<void>;

export function createDemoContext(db: Kysely<Database>, config: AppConfig, print: (line: string) => void): DemoContext {
  const audit = createAuditService(db);
  const sessions = createSessionsService(db, config.session);
  const programAreas = createProgramAreasService(db, audit);
  const userFacilities = createUserFacilitiesService(db, audit, sessions);
  return {
    db,
    config,
    principal: SYSTEM_PRINCIPAL,
    services: {
      audit,
      programAreas,
      regulations: createRegulationsService(db, audit),
      facilities: createFacilitiesService(db, audit, programAreas),
      userFacilities,
      users: createUsersService(db, audit, sessions, userFacilities),
    },
    refs: { programAreas: new Map(), regulations: new Map(), facilities: new Map(), users: new Map() },
    print,
  };
}

/** How a group of demo records is found (by its natural key), created, and remembered in `refs`. */
export interface DemoRecords<T> {
  refs: Map<string, string>;
  keyOf: (item: T) => string;
  find: (item: T) => Promise<{ id: string } | undefined>;
  create: (item: T) => Promise<{ _id: string }>;
}

/**
 * Loads a group of demo records so that a second run changes nothing: a record already there is kept, the
 * others are created through the services; either way its id is remembered under its key for later groups.
 */
export async function loadEach<T>(ctx: DemoContext, label: string, items: readonly T[], records: DemoRecords<T>) {
  const count = tally(ctx, label);
  for (const item of items) {
    const existing = await records.find(item);
    const id = existing ? existing.id : (await records.create(item))._id;
    records.refs.set(records.keyOf(item), id);
    if (existing) count.existing();
    else count.created();
  }
  count.print();
}

/** Counts created and existing entities of one group, and prints one line for it. */
export function tally(ctx: DemoContext, label: string) {
  let created = 0;
  let existing = 0;
  return {
    created: () => void (created += 1),
    existing: () => void (existing += 1),
    print: () => ctx.print(`  ${label}: ${created} created, ${existing} already there`),
  };
}
