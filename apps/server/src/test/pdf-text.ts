import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Reads a PDF as a person would copy it (pdftotext of Debian's poppler-utils). */
export function pdfText(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'report-')), 'report.pdf');
  fs.writeFileSync(file, bytes);
  return execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
    /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
    '',
  );
}
