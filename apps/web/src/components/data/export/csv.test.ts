import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

// The field rules (quoting, formula guard, numbers) are tested with the writer, in packages/shared/src/csv.test.ts.
describe('toCsv', () => {
  it('starts with a byte-order mark, has a header row and CRLF line ends', () => {
    const csv = toCsv(
      [
        { header: 'Name', value: (row: { name: string; mw: number | null }) => row.name },
        { header: 'Capacity (MW)', value: (row) => row.mw },
      ],
      [
        { name: 'Prairie Wind', mw: 150.5 },
        { name: 'Café "Solar", Zürich', mw: null },
      ],
    );
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('Name,Capacity (MW)\r\nPrairie Wind,150.5\r\n"Café ""Solar"", Zürich",\r\n');
  });
});
