import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';

/**
 * A fresh temporary folder for each test of the calling `describe` block, made in a `beforeEach` and removed
 * with its contents in an `afterEach`: read `temp.dir` inside the tests.
 */
export function tempDirPerTest(prefix: string): { readonly dir: string } {
  const temp = { dir: '' };
  beforeEach(() => {
    temp.dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterEach(() => {
    // A SQLite worker thread that has just closed may still be removing its -wal and -shm files: a removal that
    // meets them answers ENOTEMPTY, which rmSync retries.
    fs.rmSync(temp.dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  });
  return temp;
}
