// The fingerprint of everything `npm run build` reads: a SHA-256 over the paths and contents of the
// web app's, the server's and the shared package's sources and of the lockfile. `npm run build` writes
// it next to its output; `npm start` compares it with the checkout to know whether the build is current.
// Content, not modification times: a checkout or a copy changes times without changing what is built.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
/** Written by `npm run build` after both builds succeeded (relative to the checkout). */
export const FINGERPRINT_FILE = 'apps/server/dist/build-fingerprint.txt';
/** What a start needs from the build. */
export const BUILD_OUTPUTS = ['apps/web/dist/index.html', 'apps/server/dist/server.js'];

const INPUTS = [
  'package-lock.json',
  'packages/shared/package.json',
  'packages/shared/src',
  'apps/server/package.json',
  'apps/server/build.mjs',
  'apps/server/src',
  'apps/web/package.json',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/public',
  'apps/web/src',
];

/** Tests are not part of the build: changing one does not make the build stale. */
const isTest = (file) => /\.test\.tsx?$/.test(file) || file.includes(`${path.sep}test${path.sep}`);

function filesOf(root, input) {
  const full = path.join(root, input);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [input];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath ?? entry.path, entry.name)))
    .filter((file) => !isTest(file));
}

export function computeFingerprint(root = ROOT) {
  const hash = createHash('sha256');
  const files = INPUTS.flatMap((input) => filesOf(root, input)).sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Why the checkout needs a build, or null when the build on disk is current. */
export function staleBuildReason(root = ROOT) {
  const missing = BUILD_OUTPUTS.find((file) => !fs.existsSync(path.join(root, file)));
  if (missing) return `${missing} is missing`;
  const fingerprint = path.join(root, FINGERPRINT_FILE);
  if (!fs.existsSync(fingerprint)) return 'the build has no fingerprint';
  if (fs.readFileSync(fingerprint, 'utf8').trim() !== computeFingerprint(root))
    return 'sources changed since the build';
  return null;
}

export function writeFingerprint(root = ROOT) {
  fs.writeFileSync(path.join(root, FINGERPRINT_FILE), `${computeFingerprint(root)}\n`);
}

// `node scripts/build-fingerprint.mjs --write` (the last step of `npm run build`).
if (process.argv[1] === import.meta.filename && process.argv.includes('--write')) writeFingerprint();
