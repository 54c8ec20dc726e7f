import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import SqliteDatabase from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../../db/schema';
import { createAuditService } from '../../features/audit/audit.service';

/**
 * Copies a live SQLite database with SQLite's online backup API, while the server keeps reading and
 * writing it. All pages are copied in one step, that is inside one read transaction: in WAL mode that
 * neither blocks the server's writers nor is restarted by them, and the copy is the database as it was
 * at one instant (every committed transaction up to then, none after).
 * The copy is then switched to a rollback journal so that it is a single self-contained file.
 */
export async function copySqliteOnline(source: string, target: string): Promise<void> {
  if (!fs.existsSync(source)) throw new Error(`No database at ${source}`);
  const db = new SqliteDatabase(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    await db.backup(target, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  const copy = new SqliteDatabase(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

export interface CopyReport {
  integrity: string;
  foreignKeyViolations: number;
  rowCounts: Record<string, number>;
  audit: { intact: boolean; checked: number; firstBrokenId?: string };
  sha256: string;
  bytes: number;
}

/** Verifies a copy read-only: integrity check, foreign keys, row counts per table, the audit hash chain. */
export async function verifySqliteCopy(file: string): Promise<CopyReport> {
  const sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = (sqlite.pragma('integrity_check') as { integrity_check: string }[])
      .map((row) => row.integrity_check)
      .join('; ');
    const foreignKeyViolations = (sqlite.pragma('foreign_key_check') as unknown[]).length;
    const tables = sqlite
      .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`)
      .pluck()
      .all() as string[];
    const rowCounts: Record<string, number> = {};
    for (const table of tables) {
      rowCounts[table] = sqlite
        .prepare(`select count(*) from "${table.replace(/"/g, '""')}"`)
        .pluck()
        .get() as number;
    }
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite }),
      plugins: [new CamelCasePlugin()],
    });
    const audit = await createAuditService(db).verify();
    return { integrity, foreignKeyViolations, rowCounts, audit, ...(await sha256OfFile(file)) };
  } finally {
    sqlite.close();
  }
}

async function sha256OfFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Makes the file and its directory entry durable (a backup that a crash can undo is no backup). */
export async function syncFile(file: string): Promise<void> {
  const handle = await fsp.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
