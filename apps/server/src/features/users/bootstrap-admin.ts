import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, NewRow } from '../../db/schema';
import { isUniqueViolation } from '../../platform/db-errors';
import { newId, nowIso } from '../../platform/ids';
import { generatePassword, hashPassword } from '../../platform/passwords';
import { foldForSearch } from '../../platform/search-text';
import { changesBetween, createAuditService } from '../audit/audit.service';
import { countUsers, userRows } from './users.repository';
import { unitOfWork } from '../../db/unit-of-work';

/**
 * On an empty database, creates the first ALL_FACILITY_ADMIN from ADMIN_EMAIL / ADMIN_PASSWORD.
 * Without a configured password it generates one, prints the credentials once, and requires a
 * password change at first sign-in.
 */
export async function ensureFirstAdmin(
  db: Kysely<Database>,
  admin: { email: string; password: string },
  log: Pick<FastifyBaseLogger, 'info'>,
  print: (text: string) => void = (text) => process.stdout.write(text),
): Promise<void> {
  if ((await countUsers(db)) > 0) return;
  const password = admin.password || generatePassword();
  const now = nowIso();
  const row: NewRow<'users'> = {
    id: newId(),
    email: admin.email,
    firstName: 'System',
    lastName: 'Administrator',
    role: 'ALL_FACILITY_ADMIN',
    passwordHash: await hashPassword(password),
    active: 1,
    mustChangePassword: admin.password ? 0 : 1,
    lastSignInAt: null,
    preferences: null,
    searchText: foldForSearch('System Administrator', admin.email),
    createdAt: now,
    updatedAt: now,
  };
  const audit = createAuditService(db);
  try {
    await unitOfWork(db, async (trx) => {
      await userRows.insert(trx, row);
      await audit.record(trx, {
        actor: null,
        action: 'CREATE',
        entityType: 'USER',
        entityId: row.id,
        changes: changesBetween(null, {
          email: row.email,
          firstName: row.firstName,
          lastName: row.lastName,
          role: row.role,
          active: true,
          mustChangePassword: Boolean(row.mustChangePassword),
        }),
      });
    });
  } catch (error) {
    // Another instance starting at the same moment created the first administrator.
    if (isUniqueViolation(error)) return;
    throw error;
  }
  if (admin.password) {
    log.info({ email: admin.email }, 'first administrator created from ADMIN_EMAIL / ADMIN_PASSWORD');
  } else {
    print(
      [
        '',
        '============================================================',
        ' RTMS: first administrator created. These credentials are',
        ' shown only once; a new password is required at first sign-in.',
        `   email:    ${admin.email}`,
        `   password: ${password}`,
        '============================================================',
        '',
      ].join('\n'),
    );
  }
}
