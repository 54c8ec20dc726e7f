import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// The SQLite driver must let a process end by itself, on every supported Node.js, with open connections and
// thousands of prepared statements still alive on the main thread and on a worker thread (the off-thread reader
// is one). A native module whose destructors run after Node.js has torn its environment down aborts here with
// "Assertion failed" and a native stack instead of exiting with 0 (see decision 045).
const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

const script = `
import { createRequire } from 'node:module';
import { Worker, isMainThread, workerData } from 'node:worker_threads';
const require = createRequire(${JSON.stringify(path.join(serverRoot, 'package.json'))});
const Database = require('better-sqlite3');
function openAndPrepare(file) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('create table if not exists t (id integer primary key, v text)');
  const kept = [];
  for (let i = 0; i < 2000; i++) kept.push(db.prepare('select v, ' + i + ' as n from t where id = ?'));
  kept[7].get(1);
  globalThis.kept = kept;
}
if (isMainThread) {
  openAndPrepare(process.argv[2]);
  const worker = new Worker(new URL(import.meta.url), { workerData: process.argv[2] });
  worker.on('message', () => console.log('prepared on both threads'));
} else {
  openAndPrepare(workerData);
  (await import('node:worker_threads')).parentPort.postMessage('done');
}
`;

let dir = '';
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a process with open SQLite connections', () => {
  it('exits by itself with code 0 and no native abort', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-sqlite-exit-'));
    const file = path.join(dir, 'exit.mjs');
    fs.writeFileSync(file, script);
    const result = spawnSync(process.execPath, [file, path.join(dir, 'exit.sqlite')], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.stderr).not.toMatch(/Assertion failed|Native stack trace/);
    expect(result.stdout).toContain('prepared on both threads');
    expect(result.signal).toBeNull();
    expect(result.status).toBe(0);
  });
});
