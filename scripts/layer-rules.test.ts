import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The layer zones of eslint.layers.js fire: each fixture is linted as if it were at the path its first line
 * names, and the lines the layer rules report must be exactly the lines marked "breaks". The fixtures folder is
 * ignored by `npm run lint`; lintText with an explicit filePath lints it under the zone of that path.
 * A rule that looks at files on disk (an import of another feature's api/ must not land on a .tsx) looks in a
 * tree of this test's own: the files a fixture names in its "// with file: <path>" lines, made empty here.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = path.join(root, 'scripts/layer-rules-fixtures');
const LAYER_RULES = new Set([
  'no-restricted-imports',
  '@typescript-eslint/no-restricted-imports',
  'no-restricted-syntax',
]);

const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'layer-rules-'));
for (const file of fs.readdirSync(fixtures)) {
  const named = fs.readFileSync(path.join(fixtures, file), 'utf8').matchAll(/^\/\/ with file: (\S+)$/gm);
  for (const [, name] of named) {
    fs.mkdirSync(path.dirname(path.join(tree, name!)), { recursive: true });
    fs.writeFileSync(path.join(tree, name!), '');
  }
}
afterAll(() => fs.rmSync(tree, { recursive: true, force: true }));

const eslint = new ESLint({ cwd: root, overrideConfig: { settings: { layers: { root: tree } } } });

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe('layer zones', () => {
  const files = fs.readdirSync(fixtures).sort();

  it('has a fixture for each zone', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
  });

  it("holds only .ts files in every web feature's api/ folder (no component, style sheet or other file)", () => {
    const features = path.join(root, 'apps/web/src/features');
    const others = fs
      .readdirSync(features)
      .flatMap((feature) => {
        const api = path.join(features, feature, 'api');
        return fs.existsSync(api) ? filesUnder(api).map((file) => `${feature}/api/${file}`) : [];
      })
      .filter((file) => !file.endsWith('.ts'));
    expect(others).toEqual([]);
  });

  it.each(files)(
    '%s: exactly the marked lines are reported',
    async (file) => {
      const code = fs.readFileSync(path.join(fixtures, file), 'utf8');
      const lines = code.split('\n');
      const target = /^\/\/ lint as: (\S+)/.exec(lines[0] ?? '')?.[1];
      expect(target, 'first line names the path to lint as').toBeDefined();
      const [result] = await eslint.lintText(code, { filePath: path.join(root, target!) });
      const reported = [
        ...new Set(
          result!.messages
            .filter((m) => LAYER_RULES.has(m.ruleId ?? '') || m.ruleId?.startsWith('layers/'))
            .map((m) => m.line),
        ),
      ].sort((a, b) => a - b);
      const marked = lines.flatMap((line, index) => (line.endsWith('// breaks') ? [index + 1] : []));
      expect(marked.length).toBeGreaterThan(0);
      expect(reported).toEqual(marked);
    },
    60_000,
  );
});
