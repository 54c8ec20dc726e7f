import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** The `NAME=value` lines of a dotenv file. */
function variablesOf(file: string): Map<string, string> {
  const lines = fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n');
  return new Map(
    lines
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const),
  );
}

describe('.env.example', () => {
  const example = variablesOf('.env.example');

  it('lists every variable the server reads, and only those', () => {
    expect([...example.keys()].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  /** The variable names in the first cell of each row of the tables of `text`. */
  const documentedIn = (text: string) =>
    text
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!));

  it('lists every variable of the configuration reference, which documents every variable the server reads', () => {
    const documented = documentedIn(fs.readFileSync(path.join(ROOT, 'docs/configuration.md'), 'utf8'));
    for (const name of documented) expect(example.has(name), name).toBe(true);
    expect(new Set(documented)).toEqual(new Set(CONFIG_VARIABLES));
  });

  it('lists every variable of the README configuration table', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const start = readme.indexOf('## Configuration');
    const documented = documentedIn(readme.slice(start, readme.indexOf('\n## ', start + 1)));
    expect(documented.length).toBeGreaterThan(5);
    for (const name of documented) expect(example.has(name), name).toBe(true);
  });

  it('gives the defaults: loading it as it is yields the same configuration as an empty environment', () => {
    const fromExample = loadConfig(Object.fromEntries(example));
    expect(fromExample).toEqual(loadConfig({}));
  });
});
