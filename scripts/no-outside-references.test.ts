import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Everything a maintainer needs is in this repository: no source file, test or document refers to a document that
 * is not (a product brief's numbered sections, a specification file, an issue tracker's numbers, another
 * repository's issues). The contract the code keeps is the OpenAPI document and docs/, in the team's own words.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Written in pieces, so that this file does not match itself.
const SECTION = '§';
const FORBIDDEN: [RegExp, string][] = [
  [new RegExp(`PRODUCT(\\.md)?\\s*${SECTION}`), 'a section of a product brief'],
  [new RegExp(`\\bPRODUCT\\.md\\b`), 'a product brief'],
  [new RegExp(`\\b[Ss]eed\\s*${SECTION}`), 'a section of a seed specification'],
  [new RegExp(`[(,;]\\s*${SECTION}\\s*\\d`), 'a numbered section of an outside document'],
  [/\bspecification\.md\b/, 'a specification file'],
  [/\bshared\/ARCHITECTURE\.md\b/, 'an architecture file outside the repository'],
  [/\b[Ii]ssues?\s+#?\d+/, 'an issue number'],
  [/\b[\w.-]+\/[\w.-]+#\d+\b/, "another repository's issue"],
];

const SKIPPED = [/^package-lock\.json$/, /^apps\/server\/sql\//, /^scripts\/no-outside-references\.test\.ts$/];
const BINARY = /\.(png|jpe?g|gif|ico|woff2?|ttf|pdf|zip|xlsx|sqlite)$/i;

describe('references', () => {
  it('cite nothing outside the repository', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => file && !BINARY.test(file) && !SKIPPED.some((pattern) => pattern.test(file)));
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      const full = path.join(root, file);
      if (!fs.existsSync(full)) continue;
      const lines = fs.readFileSync(full, 'utf8').split('\n');
      lines.forEach((line, index) => {
        for (const [pattern, what] of FORBIDDEN) {
          if (pattern.test(line)) found.push(`${file}:${index + 1}: ${what}: ${line.trim().slice(0, 120)}`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('would catch each kind of outside reference', () => {
    const samples = [
      `see PRODUCT ${SECTION}7`,
      'as PRODUCT.md says',
      `the seed ${SECTION}4`,
      `(${SECTION}9)`,
      'docs of specification.md',
      'per shared/ARCHITECTURE.md',
      'fixed in issue 15 item 2',
      'upstream nodejs/node#65446',
    ];
    for (const sample of samples)
      expect(
        FORBIDDEN.some(([pattern]) => pattern.test(sample)),
        sample,
      ).toBe(true);
    expect(FORBIDDEN.some(([pattern]) => pattern.test('RFC 5545 section 3.8.7.4; decision 037'))).toBe(false);
  });
});
