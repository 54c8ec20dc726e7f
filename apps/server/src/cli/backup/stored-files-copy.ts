import SqliteDatabase from 'better-sqlite3';
import type { FileStorage } from '../../storage/file-storage';
import { StoredFileMissingError } from '../../storage/file-storage';
import { createLocalStorage } from '../../storage/local-storage';

export interface FilesReport {
  copied: number;
  bytes: number;
  /** Keys the database copy refers to that the storage no longer has. */
  missing: string[];
  /** Keys whose bytes differ from the SHA-256 the database recorded at upload. */
  mismatched: string[];
}

/**
 * Copies every uploaded file the database copy refers to (each version of each document) from the
 * configured storage (local disk or S3) into `folder`, laid out as the local storage lays out its
 * folder: restoring is copying `folder` to DATA_DIR/UPLOAD_FOLDER. Each copied file's SHA-256 is
 * checked against the one recorded at upload. Files are immutable under their generated keys, so
 * copying them after the database snapshot is consistent with it.
 */
export async function copyStoredFiles(
  databaseCopy: string,
  storage: FileStorage,
  folder: string,
): Promise<FilesReport> {
  const sqlite = new SqliteDatabase(databaseCopy, { readonly: true, fileMustExist: true });
  let files: { storage_key: string; sha256: string }[];
  try {
    files = sqlite
      .prepare(
        'select storage_key, min(sha256) as sha256 from document_versions group by storage_key order by storage_key',
      )
      .all() as { storage_key: string; sha256: string }[];
  } finally {
    sqlite.close();
  }
  const target = createLocalStorage(folder);
  const report: FilesReport = { copied: 0, bytes: 0, missing: [], mismatched: [] };
  for (const file of files) {
    let body;
    try {
      body = await storage.get(file.storage_key);
    } catch (error) {
      if (error instanceof StoredFileMissingError) {
        report.missing.push(file.storage_key);
        continue;
      }
      throw error;
    }
    const stored = await target.put(file.storage_key, body);
    if (stored.sha256 !== file.sha256) report.mismatched.push(file.storage_key);
    report.copied += 1;
    report.bytes += stored.size;
  }
  return report;
}
