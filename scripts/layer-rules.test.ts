import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layer zones of eslint.layers.js fire: each fixture is linted as if it were at the path its first line
 * names, and the lines the layer rules report must be exactly the lines marked "breaks". The fixtures folder is
 * ignored by `npm run lint`; lintText with an explicit filePath lints it under the zone of that path.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = path.join(root, 'scripts/layer-rules-fixtures');
const LAYER_RULES = new Set([
  'no-restricted-imports',
  '@typescript-eslint/no-restricted-imports',
  'no-restricted-syntax',
]);

const eslint = new ESLint({ cwd: root });

describe('layer zones', () => {
  const files = fs.readdirSync(fixtures).sort();

  it('has a fixture for each zone', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
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
