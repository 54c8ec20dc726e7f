import { describe, expect, it } from 'vitest';
import { withPdfTitle } from './pdf-title';

/** A one-page PDF with a classic cross-reference table and no Info dictionary. */
function samplePdf(): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 4\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

describe('the PDF preview titled with the file name', () => {
  it('appends an Info object with the title, the original bytes untouched and every offset right', () => {
    const original = samplePdf();
    const titled = withPdfTitle(original, 'SWPPP inspection report.pdf');
    expect(Array.from(titled.subarray(0, original.length))).toEqual(Array.from(original));
    const added = text(titled.subarray(original.length));
    const title = [...'SWPPP inspection report.pdf']
      .map((char) => char.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase())
      .join('');
    expect(added).toContain(`4 0 obj\n<< /Title <FEFF${title}> >>\nendobj\n`);
    expect(added).toMatch(/trailer\n<< \/Size 5 \/Root 1 0 R \/Info 4 0 R \/Prev \d+ >>/);
    // The new cross-reference entry and startxref point where the object and the section are.
    const whole = text(titled);
    const entry = Number(/xref\n4 1\n(\d{10}) 00000 n /.exec(whole)?.[1]);
    expect(whole.slice(entry, entry + 8)).toBe('4 0 obj\n');
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(whole)?.[1]);
    expect(whole.slice(startxref, startxref + 7)).toBe('xref\n4 ');
  });

  it('keeps a file it cannot read as it is', () => {
    const notPdf = new TextEncoder().encode('hello');
    expect(withPdfTitle(notPdf, 'x.pdf')).toBe(notPdf);
  });
});
