import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { staleBuildReason, writeFingerprint } from './build-fingerprint.mjs';

/** A small checkout: sources of the three workspaces, and (when `built`) the build's outputs. */
function checkout(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-fingerprint-'));
  const files: Record<string, string> = {
    'package-lock.json': '{}',
    'apps/server/src/server.ts': 'export {};',
    'apps/server/src/features/x/x.test.ts': 'test',
    'apps/web/src/main.tsx': 'export {};',
    'apps/web/index.html': '<div id="root"></div>',
    'packages/shared/src/enums.ts': 'export const A = 1;',
    'apps/web/dist/index.html': '<html></html>',
    'apps/server/dist/server.js': '',
  };
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('npm start builds only when the build is missing or stale', () => {
  it('finds a fresh build current, and stale once a source the build reads changes', () => {
    const root = checkout();
    roots.push(root);
    expect(staleBuildReason(root)).toBe('the build has no fingerprint');
    writeFingerprint(root);
    expect(staleBuildReason(root)).toBeNull();

    // A copy or a checkout changes modification times, not contents: still current.
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'apps/web/src/main.tsx'), later, later);
    expect(staleBuildReason(root)).toBeNull();

    fs.writeFileSync(path.join(root, 'packages/shared/src/enums.ts'), 'export const A = 2;');
    expect(staleBuildReason(root)).toBe('sources changed since the build');
    writeFingerprint(root);
    fs.writeFileSync(path.join(root, 'apps/web/src/new-screen.tsx'), 'export {};');
    expect(staleBuildReason(root)).toBe('sources changed since the build');
  });

  it('ignores test files, and needs both outputs', () => {
    const root = checkout();
    roots.push(root);
    writeFingerprint(root);
    fs.writeFileSync(path.join(root, 'apps/server/src/features/x/x.test.ts'), 'changed test');
    expect(staleBuildReason(root)).toBeNull();
    fs.rmSync(path.join(root, 'apps/web/dist/index.html'));
    expect(staleBuildReason(root)).toBe('apps/web/dist/index.html is missing');
  });
});
