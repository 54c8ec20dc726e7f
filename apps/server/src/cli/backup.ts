/**
 * `npm run backup -- <file> [--no-files]`: an online backup of the SQLite database while the server runs
 * and writes, verified before it is called done.
 *
 * - `<file>`: the database, copied with SQLite's backup API (one consistent instant) and made a single
 *   self-contained file; written under a temporary name and renamed only once verified.
 * - `<file>.files/`: every uploaded file the copy refers to, from the configured storage (local or S3),
 *   each checked against the SHA-256 recorded at upload (`--no-files` skips them, e.g. when the bucket
 *   has its own versioned replication).
 * - `<file>.SECRET-mfa-encryption.key`: the key that seals second factors, copied from DATA_DIR (owner-only,
 *   a secret: keep it apart from copies that others can read); not written when MFA_ENCRYPTION_KEY holds the
 *   key. Either way the key must open every second factor in the copy, so a restore signs in with TOTP.
 * - `<file>.manifest.json`: what was verified: integrity check, row counts per table, the audit hash
 *   chain, the SHA-256 of the database file, the files, the second-factor key.
 *
 * Exit code 0 only when everything verified; 1 otherwise (the report says what failed); 2 for bad usage
 * or a PostgreSQL configuration (use pg_dump, see the README).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config/config';
import { createFileStorage } from '../storage/create-storage';
import { copyMfaKey, mfaKeyCopyName } from './backup/mfa-key-copy';
import { copySqliteOnline, syncFile, verifySqliteCopy } from './backup/sqlite-copy';
import { copyStoredFiles } from './backup/stored-files-copy';

const print = (line = '') => process.stdout.write(`${line}\n`);

class UsageError extends Error {}

function parseArguments(argv: string[]): { file: string; files: boolean } {
  const positional = argv.filter((arg) => !arg.startsWith('--'));
  const unknown = argv.filter((arg) => arg.startsWith('--') && arg !== '--no-files');
  if (positional.length !== 1 || unknown.length > 0) {
    throw new UsageError('Usage: npm run backup -- <file> [--no-files]');
  }
  // npm runs scripts from the repository root; a relative name is meant from where the operator typed it.
  const base = process.env.INIT_CWD ?? process.cwd();
  return { file: path.resolve(base, positional[0] as string), files: !argv.includes('--no-files') };
}

async function main(): Promise<number> {
  const args = parseArguments(process.argv.slice(2));
  const config = loadConfig();
  if (!config.databaseUrl.startsWith('sqlite:')) {
    throw new UsageError(
      'DATABASE_URL is PostgreSQL: back it up with pg_dump (see README, "Backups"), e.g.\n' +
        '  pg_dump --format=custom --file=rtms.dump "$DATABASE_URL"',
    );
  }
  const source = config.databaseUrl.slice('sqlite:'.length);
  const filesFolder = `${args.file}.files`;
  const keyCopy = mfaKeyCopyName(args.file);
  for (const existing of [args.file, filesFolder, `${args.file}.manifest.json`, keyCopy]) {
    if (fs.existsSync(existing)) throw new UsageError(`${existing} already exists; choose a new backup name`);
  }
  await fsp.mkdir(path.dirname(args.file), { recursive: true });

  const partial = `${args.file}.partial-${process.pid}`;
  const started = Date.now();
  print(`Backing up ${source} …`);
  try {
    await copySqliteOnline(source, partial);
    const report = await verifySqliteCopy(partial);
    print(`  integrity check: ${report.integrity}`);
    print(`  foreign key violations: ${report.foreignKeyViolations}`);
    print(
      `  audit chain: ${report.audit.intact ? 'intact' : `BROKEN at ${report.audit.firstBrokenId}`} (${report.audit.checked} events)`,
    );
    print('  rows per table:');
    for (const [table, rows] of Object.entries(report.rowCounts)) print(`    ${table.padEnd(28)} ${rows}`);
    const databaseOk = report.integrity === 'ok' && report.foreignKeyViolations === 0 && report.audit.intact;

    const files = args.files
      ? await copyStoredFiles(partial, createFileStorage(config.storage), filesFolder)
      : undefined;
    if (files) {
      print(`  uploaded files: ${files.copied} copied (${files.bytes} bytes) to ${filesFolder}`);
      for (const key of files.missing) print(`    MISSING in storage: ${key}`);
      for (const key of files.mismatched) print(`    SHA-256 MISMATCH: ${key}`);
    }
    const filesOk = !files || (files.missing.length === 0 && files.mismatched.length === 0);

    const mfaKey = await copyMfaKey(config, partial, keyCopy);
    if (mfaKey.copiedTo) print(`  second-factor key: copied to ${mfaKey.copiedTo} (SECRET: keep it safe)`);
    else if (mfaKey.source === 'MFA_ENCRYPTION_KEY') print('  second-factor key: MFA_ENCRYPTION_KEY (not copied)');
    print(`  second factors the key opens: ${mfaKey.readable} of ${mfaKey.secondFactors}`);
    const mfaKeyOk = mfaKey.readable === mfaKey.secondFactors;

    await syncFile(partial);
    await fsp.rename(partial, args.file);
    const manifest = {
      createdAt: new Date(started).toISOString(),
      source,
      database: { file: path.basename(args.file), sha256: report.sha256, bytes: report.bytes },
      integrity: report.integrity,
      foreignKeyViolations: report.foreignKeyViolations,
      auditChain: report.audit,
      rowCounts: report.rowCounts,
      files: files ? { folder: path.basename(filesFolder), ...files } : 'not copied (--no-files)',
      mfaKey: { ...mfaKey, copiedTo: mfaKey.copiedTo && path.basename(mfaKey.copiedTo) },
      verified: databaseOk && filesOk && mfaKeyOk,
    };
    await fsp.writeFile(`${args.file}.manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`);
    print(`SHA-256 ${report.sha256}  ${args.file}`);
    print(
      `${manifest.verified ? 'Backup verified' : 'Backup written but NOT verified'} in ${Date.now() - started} ms.`,
    );
    return manifest.verified ? 0 : 1;
  } finally {
    await fsp.rm(partial, { force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const usage = error instanceof UsageError || error instanceof ConfigError;
    process.stderr.write(
      `${usage ? (error as Error).message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = usage ? 2 : 1;
  },
);
