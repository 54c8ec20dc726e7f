import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { removeStaleUploads } from './uploads';

it('removes temporary uploads older than a day, and nothing else', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-upload-tmp-'));
  try {
    const old = path.join(dir, 'a.upload');
    const fresh = path.join(dir, 'b.upload');
    const other = path.join(dir, 'keep.txt');
    for (const file of [old, fresh, other]) fs.writeFileSync(file, 'x');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    fs.utimesSync(old, twoDaysAgo, twoDaysAgo);
    fs.utimesSync(other, twoDaysAgo, twoDaysAgo);
    expect(await removeStaleUploads(dir)).toBe(1);
    expect(fs.readdirSync(dir).sort()).toEqual(['b.upload', 'keep.txt']);
    expect(await removeStaleUploads(path.join(dir, 'missing'))).toBe(0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
