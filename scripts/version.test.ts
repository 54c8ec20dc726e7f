import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_VERSION, RELEASE } from '../packages/shared/src/constants';

const ROOT = path.resolve(import.meta.dirname, '..');
const WORKSPACES = ['.', 'packages/shared', 'apps/server', 'apps/web', 'e2e'];
const SOURCE_DIRS = ['apps', 'packages', 'e2e', 'scripts', 'docs'];
const SKIPPED = new Set(['node_modules', 'dist', 'package.json', 'package-lock.json']);

function versionOf(workspace: string): string {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, workspace, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/** Every text source below `dir` (code and docs), without dependencies, builds and package files. */
function sourcesBelow(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) return [];
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesBelow(file);
    return /\.(ts|tsx|mjs|js|md|html|json)$/.test(entry.name) ? [file] : [];
  });
}

describe('the version, written in one place', () => {
  it('is the release of every package.json (npm needs one per workspace; they must agree)', () => {
    for (const workspace of WORKSPACES) expect(versionOf(workspace), workspace).toBe(RELEASE);
    expect(APP_VERSION).toBe(`Version ${RELEASE}`);
  });

  it('is written nowhere else: code, tests and docs read it from package.json', () => {
    const files = [path.join(ROOT, 'README.md'), ...SOURCE_DIRS.flatMap((dir) => sourcesBelow(path.join(ROOT, dir)))];
    expect(files.length).toBeGreaterThan(100);
    const writing = files.filter((file) => fs.readFileSync(file, 'utf8').includes(RELEASE));
    expect(writing.map((file) => path.relative(ROOT, file))).toEqual([]);
  });
});
