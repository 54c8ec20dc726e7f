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

  it('lists every variable of the README configuration table', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const start = readme.indexOf('## Configuration');
    const table = readme.slice(start, readme.indexOf('\n## ', start + 1));
    // The names in each row's first cell.
    const documented = table
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!));
    expect(documented.length).toBeGreaterThan(20);
    for (const name of documented) expect(example.has(name), name).toBe(true);
  });

  it('gives the defaults: loading it as it is yields the same configuration as an empty environment', () => {
    const fromExample = loadConfig(Object.fromEntries(example));
    expect(fromExample).toEqual(loadConfig({}));
  });
});
