import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { GENESIS_HASH, hashOf } from '../../features/audit/audit.service';
import { newId } from '../../platform/ids';
import { foldForSearch } from '../../platform/search-text';

/** The list benchmark's data: documents in the library and events in the audit trail. */
export const BENCH_DOCUMENTS = 50_000;
export const BENCH_AUDIT_EVENTS = 500_000;

const BATCH = 500;

/**
 * Tops the documents table up to BENCH_DOCUMENTS rows (library documents spread over the bench
 * facilities and over two years, one in ten archived). Only the rows lists read: no stored file, no
 * version rows (downloading one of them would fail; the bench never does).
 */
export async function seedDocuments(db: Kysely<Database>, facilityIds: readonly string[]): Promise<number> {
  const present = await countOf(db, 'documents');
  const missing = BENCH_DOCUMENTS - present;
  if (missing <= 0) return 0;
  const start = Date.parse('2024-11-01T00:00:00.000Z');
  await db.transaction().execute(async (trx) => {
    for (let done = 0; done < missing; done += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, missing - done) }, (_, offset) => {
        const index = present + done + offset;
        const at = new Date(start + index * 1_260_000).toISOString();
        const title = `Bench document ${index + 1} ${['permit', 'inspection report', 'manual', 'drawing'][index % 4]}`;
        const fileName = `bench-${index + 1}.pdf`;
        return {
          id: newId(),
          kind: 'LIBRARY' as const,
          title,
          description: null,
          taskId: null,
          evidenceDate: null,
          facilityId: index % 5 === 0 ? null : (facilityIds[index % facilityIds.length] ?? null),
          programAreaId: null,
          regulationId: null,
          version: 1,
          fileName,
          mediaType: 'application/pdf',
          size: 10_000 + (index % 997) * 100,
          sha256: '0'.repeat(64),
          storageKey: `bench/${index + 1}`,
          uploadedBy: null,
          archivedAt: index % 10 === 9 ? at : null,
          archivedBy: null,
          archiveReason: null,
          retainUntil: null,
          legalHold: 0,
          searchText: foldForSearch(title, fileName),
          createdAt: at,
          updatedAt: at,
        };
      });
      await trx.insertInto('documents').values(rows).execute();
    }
  });
  return missing;
}

/**
 * Appends events to the audit trail until it holds BENCH_AUDIT_EVENTS, chained as the product chains
 * them (so that verification still passes on the bench database): task completions and facility
 * edits by the bench admin, spread over the bench facilities.
 */
export async function seedAuditEvents(
  db: Kysely<Database>,
  facilityIds: readonly string[],
  actor: { id: string; email: string },
): Promise<number> {
  const present = await countOf(db, 'audit_events');
  const missing = BENCH_AUDIT_EVENTS - present;
  if (missing <= 0) return 0;
  const last = await db
    .selectFrom('audit_events')
    .select(['seq', 'hash'])
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  let seq = last?.seq ?? 0;
  let prevHash = last?.hash ?? GENESIS_HASH;
  const start = Date.parse('2024-11-01T00:00:00.000Z');
  await db.transaction().execute(async (trx) => {
    for (let done = 0; done < missing; done += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, missing - done) }, () => {
        seq += 1;
        const facilityId = facilityIds[seq % facilityIds.length] ?? null;
        const row = {
          id: newId(),
          seq,
          at: new Date(start + seq * 120_000).toISOString(),
          actorId: actor.id,
          actorEmail: actor.email,
          action: seq % 3 === 0 ? 'UPDATE' : 'COMPLETE',
          entityType: seq % 3 === 0 ? 'Facility' : 'Task',
          entityId: seq % 3 === 0 ? (facilityId ?? newId()) : newId(),
          facilityId,
          changes: '{"status":{"after":"COMPLETED","before":"OPEN"}}',
        };
        const hash = hashOf(prevHash, row);
        const chained = { ...row, prevHash, hash, actorName: null, facilityName: null, entityName: null };
        prevHash = hash;
        return chained;
      });
      await trx.insertInto('audit_events').values(rows).execute();
    }
  });
  return missing;
}

async function countOf(db: Kysely<Database>, table: 'documents' | 'audit_events'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
