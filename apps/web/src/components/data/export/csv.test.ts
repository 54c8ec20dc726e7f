import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rlf', '"cr\rlf"'],
    ['', ''],
  ])('quotes %j as RFC 4180 asks', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it.each(['=SUM(A1:A9)', '+1', '-2+3', '@cmd', '\tTAB', '\rCR'])(
    'prefixes text a spreadsheet would run as a formula (%j) with an apostrophe',
    (value) => {
      expect(csvField(value).replace(/^"/, '')).toMatch(/^'/);
    },
  );

  it('writes numbers as they are, negative ones included, and nothing for empty values', () => {
    expect(csvField(-97.5)).toBe('-97.5');
    expect(csvField(0)).toBe('0');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('guards and quotes together', () => {
    expect(csvField('=1,2')).toBe(`"'=1,2"`);
  });
});

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
