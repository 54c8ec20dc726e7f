import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One CSV writer: every CSV the product writes goes through @rtms/shared/csv, which neutralises
 * cells a spreadsheet would run as formulas. A second writer (a CSV library, SheetJS's CSV output) would
 * write such cells back as they came, as the import's error report once did with csv-stringify.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const PRODUCT_DIRS = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];
const SKIPPED = new Set(['node_modules', 'dist']);

/** Libraries and calls that write CSV. */
const OTHER_WRITERS = [
  /from ['"](csv-stringify|papaparse|json2csv|fast-csv|@fast-csv\/format|csv-writer|@json2csv\/[^'"]+)(\/[^'"]*)?['"]/,
  /\bsheet_to_csv\b/,
  /\bunparse\(/,
];

/** The product's source files; test files may build hostile input files with any tool. */
function productSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return productSources(file);
    const isTest = /\.test\.tsx?$|-test-support\.ts$|\/test\//.test(file);
    return /\.(ts|tsx)$/.test(entry.name) && !isTest ? [file] : [];
  });
}

describe('one CSV writer', () => {
  it('no product source writes CSV with anything but @rtms/shared/csv', () => {
    const files = PRODUCT_DIRS.flatMap((dir) => productSources(path.join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(300);
    const offenders = files.filter((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return OTHER_WRITERS.some((pattern) => pattern.test(text));
    });
    expect(offenders.map((file) => path.relative(ROOT, file))).toEqual([]);
  });

  it('every server source that answers text/csv imports the shared writer', () => {
    const files = ['apps/server/src'].flatMap((dir) => productSources(path.join(ROOT, dir)));
    const serving = files.filter((file) => /text\/csv/.test(fs.readFileSync(file, 'utf8')));
    expect(serving.length).toBeGreaterThan(0);
    for (const file of serving) {
      expect(fs.readFileSync(file, 'utf8'), path.relative(ROOT, file)).toMatch(/from '@rtms\/shared\/csv'/);
    }
  });
});
