import { describe, expect, it } from 'vitest';
import { csvDocument, csvField } from './csv';

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

  it('writes numbers and booleans as they are, negative numbers included, and nothing for empty values', () => {
    expect(csvField(-97.5)).toBe('-97.5');
    expect(csvField(0)).toBe('0');
    expect(csvField(true)).toBe('true');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('guards and quotes together', () => {
    expect(csvField('=1,2')).toBe(`"'=1,2"`);
  });
});

describe('csvDocument', () => {
  it('starts with a byte-order mark and ends every record with CRLF', () => {
    const csv = csvDocument([
      ['Name', 'Capacity (MW)'],
      ['Prairie Wind', 150.5],
      ['Café "Solar", Zürich', null],
    ]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('Name,Capacity (MW)\r\nPrairie Wind,150.5\r\n"Café ""Solar"", Zürich",\r\n');
  });

  it('writes with another separator, quoting the fields that hold it and no longer the commas', () => {
    const csv = csvDocument(
      [
        ['Title', 'Note'],
        ['a;b', '=1,2'],
        ['\t=3', 'plain'],
      ],
      ';',
    );
    expect(csv.slice(1)).toBe(`Title;Note\r\n"a;b";'=1,2\r\n'\t=3;plain\r\n`);
    expect(csvDocument([['\t=3', 'x\ty']], '\t').slice(1)).toBe(`"'\t=3"\t"x\ty"\r\n`);
  });
});
